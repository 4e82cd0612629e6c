import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertTest } from "~/seed/factories.server";
import { tests } from "~/db/schema";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { testCrud } from "~/modules/catalog/manage-tests.server";

const requirementOf = async (id: string) => (await db.select({ value: tests.referralRequirement }).from(tests).where(eq(tests.id, id)))[0].value;

describe("a test's doctor's-referral setting (issue 26)", () => {
  it("is set in the admin test form, kept when a form leaves it out, and refuses an unknown value", async () => {
    const test = await insertTest(db, { name: "BRCA1/2 Genetic Panel" });
    expect(await requirementOf(test.id)).toBe("none");
    await runCrudAction({ intent: "update", id: test.id, name: "BRCA1/2 Genetic Panel", price: "1200", referralRequirement: "upload" }, testCrud);
    expect(await requirementOf(test.id)).toBe("upload");
    await runCrudAction({ intent: "update", id: test.id, name: "BRCA1/2 Genetic Panel", price: "1200" }, testCrud);
    expect(await requirementOf(test.id)).toBe("upload");
    const refused = await runCrudAction({ intent: "update", id: test.id, name: "BRCA1/2 Genetic Panel", price: "1200", referralRequirement: "fax" }, testCrud);
    expect(refused.init?.status).toBe(400);
    expect(await requirementOf(test.id)).toBe("upload");
  });
});
