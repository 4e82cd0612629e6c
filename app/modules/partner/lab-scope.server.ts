// The partner portal's guard (decision 0036): every loader and action under /partner starts with
// requireLabMember, and every portal query takes the LabScope it returns, so a query that forgets
// the lab cannot compile. A scope exists only for a lab the signed-in account belongs to.
import { and, asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { db } from "~/db/db.server";
import { labMembers, labs, type LabMemberRole } from "~/db/schema";
import { requireUser, type SessionUser } from "~/modules/accounts/guards.server";
import type { Actor } from "~/modules/lifecycle/order-status";

declare const labScopeBrand: unique symbol;

/** A signed-in member's lab: only requireLabMember makes one (the brand cannot be written by hand). */
export type LabScope = {
  readonly labId: string;
  readonly labName: string;
  readonly userId: string;
  readonly email: string;
  readonly role: LabMemberRole;
  readonly [labScopeBrand]: true;
};

/** The scope of a manager of the lab: offers, prices, profile (hours, capacity) and staff take this one. */
export type ManagerScope = LabScope & { readonly role: "manager" };

export const NOT_FOUND = "Not Found";
export const MANAGERS_ONLY = "Only the lab's managers can open this page or make this change.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The labs an account belongs to, by name, with its role in each. */
export function labsOfMember(userId: string) {
  return db
    .select({ labId: labs.id, labName: labs.name, role: labMembers.role })
    .from(labMembers)
    .innerJoin(labs, eq(labs.id, labMembers.labId))
    .where(eq(labMembers.userId, userId))
    .orderBy(asc(labs.name), asc(labs.id));
}

/**
 * The guard of every portal loader and action. Anonymous: to sign in (throws a redirect). Not a
 * member of this lab (a customer, an admin who is not a member, another lab's member, a malformed
 * or forged lab id): 404, as if the page did not exist. A staff member where `role` is "manager":
 * 403. Without `labId`, the member's first lab (by name). Returns the scope every portal query takes.
 */
export async function requireLabMember(request: Request, labId: string | undefined, role: "manager"): Promise<ManagerScope>;
export async function requireLabMember(request: Request, labId?: string, role?: LabMemberRole): Promise<LabScope>;
export async function requireLabMember(request: Request, labId?: string, role: LabMemberRole = "staff"): Promise<LabScope> {
  const user = await requireUser(request);
  const scope = await findScope(user, labId);
  if (!scope) throw data(NOT_FOUND, { status: 404 });
  if (role === "manager" && scope.role !== "manager") throw data(MANAGERS_ONLY, { status: 403 });
  return scope;
}

async function findScope(user: SessionUser, labId: string | undefined): Promise<LabScope | null> {
  if (labId !== undefined && !UUID.test(labId)) return null;
  const [row] = await db
    .select({ labId: labs.id, labName: labs.name, role: labMembers.role })
    .from(labMembers)
    .innerJoin(labs, eq(labs.id, labMembers.labId))
    .where(and(eq(labMembers.userId, user.id), labId === undefined ? undefined : eq(labMembers.labId, labId)))
    .orderBy(asc(labs.name), asc(labs.id))
    .limit(1);
  return row ? ({ ...row, userId: user.id, email: user.email } as LabScope) : null;
}

/** The lifecycle's actor of a change made in the portal: the member, on behalf of their lab. */
export function memberActor(scope: LabScope): Actor {
  return { kind: "lab", id: scope.userId };
}
