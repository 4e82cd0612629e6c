import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { labMembers } from "~/db/schema";
import { getUser } from "~/modules/accounts/guards.server";
import { addLabMember, LAST_MANAGER_MESSAGE, NO_ACCOUNT_MESSAGE, NOT_STAFF_MESSAGE, removeLabMember, runManagerAction, runStaffAction } from "~/modules/partner/lab-members.server";
import type { ManagerScope } from "~/modules/partner/lab-scope.server";
import { createAccount, insertLab } from "~/seed/factories.server";
import { action as authAction } from "~/routes/auth";
import { loader as adminLoader } from "~/routes/admin/dashboard";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

const membersOf = (labId: string) => db.select({ id: labMembers.id, userId: labMembers.userId, role: labMembers.role }).from(labMembers).where(eq(labMembers.labId, labId));
const memberId = async (labId: string, userId: string) =>
  (await db.select({ id: labMembers.id }).from(labMembers).where(and(eq(labMembers.labId, labId), eq(labMembers.userId, userId))))[0].id;
const managerScope = (labId: string, labName: string, userId: string) => ({ labId, labName, userId, email: "x@example.com", role: "manager" }) as ManagerScope;
const toastOf = (answer: { data: unknown }) => (answer.data as { toast?: { description?: string } }).toast?.description;

describe("who works for a lab", () => {
  it("an admin makes an existing account a manager by its e-mail; an unknown address is refused; a staff member is promoted", async () => {
    const lab = await insertLab(db, { name: "Al Noor Lab" });
    const person = await createAccount(db, { email: "Mariam@Example.com" });
    const added = await runManagerAction(lab.id, { intent: "add", email: " MARIAM@example.com " });
    expect(added.init?.status ?? 200).toBe(200);
    expect(toastOf(added)).toBe("mariam@example.com is now a manager of Al Noor Lab.");
    expect(await membersOf(lab.id)).toEqual([expect.objectContaining({ userId: person.id, role: "manager" })]);
    const again = await runManagerAction(lab.id, { intent: "add", email: "mariam@example.com" });
    expect([again.init?.status, toastOf(again)]).toEqual([409, "mariam@example.com is already a manager of Al Noor Lab."]);
    const nobody = await runManagerAction(lab.id, { intent: "add", email: "nobody@example.com" });
    expect([nobody.init?.status, toastOf(nobody)]).toEqual([404, NO_ACCOUNT_MESSAGE]);
    expect((await runManagerAction(lab.id, { intent: "add", email: "not an address" })).init?.status).toBe(400);
    expect((await runManagerAction(crypto.randomUUID(), { intent: "add", email: "mariam@example.com" })).init?.status).toBe(404);

    const staff = await createAccount(db);
    expect(await addLabMember(lab.id, staff.email, "staff")).toMatchObject({ status: "added" });
    expect(await addLabMember(lab.id, staff.email, "manager")).toMatchObject({ status: "promoted" });
    expect((await membersOf(lab.id)).map((member) => member.role)).toEqual(["manager", "manager"]);
  });

  it("a manager adds and removes staff of their own lab, never a manager, and never another lab's member", async () => {
    const lab = await insertLab(db, { name: "Al Noor Lab" });
    const other = await insertLab(db, { name: "Gulf Diagnostics" });
    const manager = await createAccount(db);
    const otherManager = await createAccount(db);
    await addLabMember(lab.id, manager.email, "manager");
    await addLabMember(other.id, otherManager.email, "manager");
    const scope = managerScope(lab.id, lab.name, manager.id);
    const staff = await createAccount(db, { email: "rahul@example.com" });

    const added = await runStaffAction(scope, { intent: "add", email: "rahul@example.com" });
    expect(toastOf(added)).toBe("rahul@example.com is now a staff member of Al Noor Lab.");
    const staffId = await memberId(lab.id, staff.id);

    // The manager's own row and another lab's member: not theirs to remove.
    const self = await runStaffAction(scope, { intent: "remove", memberId: await memberId(lab.id, manager.id) });
    expect([self.init?.status, toastOf(self)]).toEqual([403, NOT_STAFF_MESSAGE]);
    const forged = await runStaffAction(scope, { intent: "remove", memberId: await memberId(other.id, otherManager.id) });
    expect(forged.init?.status).toBe(404);
    expect(await membersOf(other.id)).toHaveLength(1);

    const removed = await runStaffAction(scope, { intent: "remove", memberId: staffId });
    expect(toastOf(removed)).toBe("rahul@example.com is no longer a member of Al Noor Lab.");
    expect(await membersOf(lab.id)).toEqual([expect.objectContaining({ userId: manager.id })]);
    // A replay finds nothing.
    expect((await runStaffAction(scope, { intent: "remove", memberId: staffId })).init?.status).toBe(404);
  });

  it("the last manager of a lab cannot be removed, also when two admins remove the last two at once", async () => {
    const lab = await insertLab(db, { name: "Al Noor Lab" });
    const [first, second] = [await createAccount(db), await createAccount(db)];
    await addLabMember(lab.id, first.email, "manager");
    await addLabMember(lab.id, second.email, "manager");
    const both = await Promise.all([
      removeLabMember(lab.id, await memberId(lab.id, first.id), "manager"),
      removeLabMember(lab.id, await memberId(lab.id, second.id), "manager"),
    ]);
    expect(both.map((change) => change.status).sort()).toEqual(["last-manager", "removed"]);
    expect(await membersOf(lab.id)).toHaveLength(1);
    const [last] = await membersOf(lab.id);
    const refused = await runManagerAction(lab.id, { intent: "remove", memberId: last.id });
    expect([refused.init?.status, toastOf(refused)]).toEqual([409, LAST_MANAGER_MESSAGE]);
    expect(await membersOf(lab.id)).toHaveLength(1);
  });

  it("a lab member lands on the portal after signing in, and gets 404 on /admin; a customer still gets Access Denied there", async () => {
    const lab = await insertLab(db, { name: "Al Noor Lab" });
    const member = await createAccount(db);
    const customer = await createAccount(db);
    await addLabMember(lab.id, member.email, "staff");

    const signIn = (account: { email: string; password: string }) => {
      const body = new URLSearchParams({ intent: "sign-in", email: account.email, password: account.password });
      const request = new Request("http://localhost:3999/auth", { method: "POST", body, headers: { Origin: "http://localhost:3999" } });
      return authAction(routeArgs(request)).then((answer) => (answer instanceof Response ? { status: answer.status, location: answer.headers.get("Location") } : answer));
    };
    expect(await signIn(member)).toMatchObject({ status: 302, location: "/partner" });
    expect(await signIn(customer)).toMatchObject({ status: 302, location: "/dashboard" });

    const asMember = await signedInAs(member);
    expect(await getUser(asMember("/"))).toMatchObject({ isLabMember: true, isAdmin: false });
    expect(await routeOutcome(() => adminLoader(routeArgs(asMember("/admin/dashboard"))))).toMatchObject({ status: 404 });
    const asCustomer = await signedInAs(customer);
    expect(await routeOutcome(() => adminLoader(routeArgs(asCustomer("/admin/dashboard"))))).toMatchObject({ status: 302, location: "/dashboard" });
  });
});
