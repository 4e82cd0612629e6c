import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { userRoles } from "~/db/schema";
import { action } from "~/routes/admin/users";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { grantAdmin, revokeAdmin } from "~/modules/accounts/roles.server";

type Args = Parameters<typeof action>[0];

const adminCount = async () => (await db.select().from(userRoles).where(eq(userRoles.role, "admin"))).length;

describe("the last admin", () => {
  it("cannot lose the admin role, whoever asks", async () => {
    const only = await createAccount(db, { email: "only.admin@example.com", admin: true });
    expect(await revokeAdmin(only.id)).toBe("last-admin");
    expect(await adminCount()).toBe(1);

    const second = await createAccount(db);
    expect(await grantAdmin(second.id)).toBe("granted");
    expect(await revokeAdmin(only.id)).toBe("removed");
    expect(await revokeAdmin(second.id)).toBe("last-admin");
    expect(await adminCount()).toBe(1);
  });

  it("removing your own role as the only admin is refused with a message", async () => {
    const admin = await createAccount(db, { email: "boss@example.com", admin: true });
    const asAdmin = await signedInAs(admin);
    const outcome = await routeOutcome(() =>
      action(
        routeArgs<Args>(
          asAdmin("/admin/users", { method: "POST", body: new URLSearchParams({ intent: "revoke", userId: admin.id }) }),
        ),
      ),
    );
    expect(outcome).toMatchObject({
      status: 409,
      body: {
        ok: false,
        toast: {
          title: "Error removing admin role",
          description: "At least one admin must remain: make another user an admin first.",
        },
      },
    });
    expect(await adminCount()).toBe(1);
  });

  it("two admins removing each other at the same moment leave one admin", async () => {
    const first = await createAccount(db, { admin: true });
    const second = await createAccount(db, { admin: true });
    const outcomes = await Promise.all([revokeAdmin(first.id), revokeAdmin(second.id)]);
    expect(outcomes.sort()).toEqual(["last-admin", "removed"]);
    expect(await adminCount()).toBe(1);
  });
});
