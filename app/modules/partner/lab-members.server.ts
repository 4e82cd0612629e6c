// Who works for a lab (decision 0036): admins add and remove its managers (the lab's admin form),
// its managers add and remove its staff (the portal's Members page). A member is an existing account,
// found by the e-mail address it signs in with. A lab always keeps at least one manager.
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labMembers, labs, user, type LabMemberRole } from "~/db/schema";
import { sessionsChanged } from "~/modules/accounts/session-cache.server";
import type { LabScope, ManagerScope } from "~/modules/partner/lab-scope.server";
import { MemberActionSchema } from "~/modules/partner/schemas";
import { formFailure, formSuccess, invalidForm } from "~/utils/form-result.server";

export const NO_ACCOUNT_MESSAGE = "No account uses this e-mail address. Ask the person to create an account first, then add them.";
export const LAST_MANAGER_MESSAGE = "A lab must keep at least one manager. Add another manager before removing this one.";
export const MEMBER_GONE_MESSAGE = "This member no longer exists.";
export const NOT_STAFF_MESSAGE = "Only an admin can add or remove a lab's managers.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const memberColumns = { id: labMembers.id, userId: labMembers.userId, role: labMembers.role, since: labMembers.createdAt, email: user.email, name: user.name };

/** The members of the scope's lab, managers first, then by e-mail. */
export function membersOfLab(scope: LabScope) {
  return db
    .select(memberColumns)
    .from(labMembers)
    .innerJoin(user, eq(user.id, labMembers.userId))
    .where(eq(labMembers.labId, scope.labId))
    .orderBy(asc(labMembers.role), asc(user.email));
}

/** The managers of these labs (the admin's labs list), by lab. */
export async function managersOfLabs(labIds: string[]) {
  const byLab = new Map<string, { id: string; userId: string; email: string; name: string }[]>();
  if (labIds.length === 0) return byLab;
  const rows = await db
    .select({ labId: labMembers.labId, ...memberColumns })
    .from(labMembers)
    .innerJoin(user, eq(user.id, labMembers.userId))
    .where(and(inArray(labMembers.labId, labIds), eq(labMembers.role, "manager")))
    .orderBy(asc(user.email));
  for (const { labId, id, userId, email, name } of rows) byLab.set(labId, [...(byLab.get(labId) ?? []), { id, userId, email, name }]);
  return byLab;
}

export type MemberChange =
  | { status: "added"; email: string }
  | { status: "promoted"; email: string }
  | { status: "already"; email: string; role: LabMemberRole }
  | { status: "removed"; email: string }
  | { status: "no-account" | "no-lab" | "not-found" | "last-manager" | "not-staff" };

/**
 * Makes the account with this e-mail a `role` of the lab. A staff member made a manager (by an
 * admin) is promoted; an existing membership is otherwise left as it is.
 */
export async function addLabMember(labId: string, email: string, role: LabMemberRole): Promise<MemberChange> {
  const change = await db.transaction(async (tx): Promise<MemberChange> => {
    const [lab] = await tx.select({ id: labs.id }).from(labs).where(eq(labs.id, labId));
    if (!lab) return { status: "no-lab" };
    const [account] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email.toLowerCase()));
    if (!account) return { status: "no-account" };
    const [existing] = await tx
      .select({ id: labMembers.id, role: labMembers.role })
      .from(labMembers)
      .where(and(eq(labMembers.labId, labId), eq(labMembers.userId, account.id)))
      .for("update");
    if (existing?.role === "staff" && role === "manager") {
      await tx.update(labMembers).set({ role }).where(eq(labMembers.id, existing.id));
      return { status: "promoted", email: account.email };
    }
    if (existing) return { status: "already", email: account.email, role: existing.role };
    const inserted = await tx.insert(labMembers).values({ labId, userId: account.id, role }).onConflictDoNothing().returning({ id: labMembers.id });
    // Added at the same moment by someone else: it is there either way.
    if (inserted.length === 0) return { status: "already", email: account.email, role };
    return { status: "added", email: account.email };
  });
  if (change.status === "added" || change.status === "promoted") await sessionsChanged();
  return change;
}

/**
 * Removes a member of the lab (`role`: the role they must have). The lab's manager rows are
 * locked first, so two removals at once take turns and the last manager is never removed.
 */
export async function removeLabMember(labId: string, memberId: string, role: LabMemberRole): Promise<MemberChange> {
  if (!UUID.test(memberId)) return { status: "not-found" };
  const change = await db.transaction(async (tx): Promise<MemberChange> => {
    const managers = await tx
      .select({ id: labMembers.id })
      .from(labMembers)
      .where(and(eq(labMembers.labId, labId), eq(labMembers.role, "manager")))
      .for("update");
    const [member] = await tx
      .select({ id: labMembers.id, role: labMembers.role, email: user.email })
      .from(labMembers)
      .innerJoin(user, eq(user.id, labMembers.userId))
      .where(and(eq(labMembers.id, memberId), eq(labMembers.labId, labId)))
      .for("update", { of: labMembers });
    if (!member) return { status: "not-found" };
    if (member.role !== role) return { status: "not-staff" };
    if (role === "manager" && managers.length <= 1) return { status: "last-manager" };
    await tx.delete(labMembers).where(eq(labMembers.id, member.id));
    return { status: "removed", email: member.email };
  });
  if (change.status === "removed") await sessionsChanged();
  return change;
}

const ROLE_WORD: Record<LabMemberRole, string> = { manager: "a manager", staff: "a staff member" };

/** A member change as the form's answer: a toast, and a status for a refusal. */
export function memberChangeAnswer(change: MemberChange, role: LabMemberRole, labName: string) {
  const fail = (status: number, description: string) => formFailure(status, { toast: { type: "error", title: "Member not changed", description } });
  switch (change.status) {
    case "added":
      return formSuccess({ title: "Member added", description: `${change.email} is now ${ROLE_WORD[role]} of ${labName}.` });
    case "promoted":
      return formSuccess({ title: "Member added", description: `${change.email} is now a manager of ${labName}.` });
    case "already":
      return fail(409, `${change.email} is already ${ROLE_WORD[change.role]} of ${labName}.`);
    case "removed":
      return formSuccess({ title: "Member removed", description: `${change.email} is no longer a member of ${labName}.` });
    case "no-account":
      return fail(404, NO_ACCOUNT_MESSAGE);
    case "last-manager":
      return fail(409, LAST_MANAGER_MESSAGE);
    case "not-staff":
      return fail(403, NOT_STAFF_MESSAGE);
    case "no-lab":
      return fail(404, "This lab no longer exists.");
    case "not-found":
      return fail(404, MEMBER_GONE_MESSAGE);
  }
}

/**
 * The Members page's posts (a manager of the lab): add a staff member by e-mail, or remove one.
 * Managers are the admins' to add and remove.
 */
export async function runStaffAction(scope: ManagerScope, form: Record<string, unknown>) {
  const parsed = MemberActionSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error, "Member not changed");
  const input = parsed.data;
  const change = input.intent === "add" ? await addLabMember(scope.labId, input.email, "staff") : await removeLabMember(scope.labId, input.memberId, "staff");
  return memberChangeAnswer(change, "staff", scope.labName);
}

/** The lab form's managers (an admin): add one by e-mail, or remove one (never the last). */
export async function runManagerAction(labId: string, form: Record<string, unknown>) {
  const parsed = MemberActionSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error, "Member not changed");
  const [lab] = UUID.test(labId) ? await db.select({ name: labs.name }).from(labs).where(eq(labs.id, labId)) : [];
  if (!lab) return memberChangeAnswer({ status: "no-lab" }, "manager", "");
  const input = parsed.data;
  const change = input.intent === "add" ? await addLabMember(labId, input.email, "manager") : await removeLabMember(labId, input.memberId, "manager");
  return memberChangeAnswer(change, "manager", lab.name);
}
