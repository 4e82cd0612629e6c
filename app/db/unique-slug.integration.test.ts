import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertTest } from "~/seed/factories.server";
import { tests } from "~/db/schema";
import { uniqueSlug, uniqueSlugs } from "~/db/unique-slug.server";

describe("unique slugs", () => {
  it("numbers a slug that is taken", async () => {
    await insertTest(db, { name: "Lipid Profile" });
    expect(await uniqueSlug(db, tests.slug, "Lipid Profile")).toBe("lipid-profile-2");
  });

  it("gives distinct slugs to a batch, around existing ones and repeats inside the batch", async () => {
    await insertTest(db, { name: "Lipid Profile" });
    await insertTest(db, { name: "Lipid Profile" });
    await insertTest(db, { name: "Lipid Profile Extended" });
    const slugs = await uniqueSlugs(db, tests.slug, ["Lipid Profile", "Ferritin", "Lipid Profile", "Lipid Profile Extended"]);
    expect(slugs).toEqual(["lipid-profile-3", "ferritin", "lipid-profile-4", "lipid-profile-extended-2"]);
  });
});
