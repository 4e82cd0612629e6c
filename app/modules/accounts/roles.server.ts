import { and, count, desc, eq, ilike } from "drizzle-orm";
import { db } from "~/db/db.server";
import { user, userRoles } from "~/db/schema";
import { escapeLike } from "~/utils/escape-like";
import { sessionsChanged } from "~/modules/accounts/session-cache.server";

export const USERS_PAGE_SIZE = 25;

export async function listUsers(search: string, page: number) {
  const where = search ? ilike(user.email, `%${escapeLike(search)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, createdAt: user.createdAt, roleId: userRoles.id })
      .from(user)
      .leftJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin")))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { users: rows.map((row) => ({ ...row, isAdmin: row.roleId !== null })), total: total.n };
}

/**
 * The users screen: one page of accounts, newest first (found by e-mail on the server), each with
 * whether it is an admin and what the table shows of it: the e-mail for the admin looking, 'User
 * ID: ' and the first 8 characters of the id for everyone else. Other users' e-mails never leave
 * the server, not even in the page's data.
 */
export async function adminUsersPage(search: string, page: number, currentUserId: string) {
  const { users, total } = await listUsers(search, page);
  return {
    users: users.map(({ id, email, createdAt, isAdmin }) => ({
      id,
      label: id === currentUserId ? email : `User ID: ${id.slice(0, 8)}…`,
      createdAt,
      isAdmin,
    })),
    pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
  };
}

export type RoleChange = "granted" | "already-admin" | "removed" | "not-admin" | "no-such-user" | "last-admin";

/** Gives (grant) or takes away (revoke) a user's admin role. */
export function changeAdminRole(intent: "grant" | "revoke", userId: string): Promise<RoleChange> {
  return intent === "grant" ? grantAdmin(userId) : revokeAdmin(userId);
}

export async function grantAdmin(userId: string): Promise<RoleChange> {
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!target) return "no-such-user";
  const inserted = await db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing().returning();
  if (!inserted.length) return "already-admin";
  await sessionsChanged();
  return "granted";
}

/** Removes a user's admin role, but never the last one: nobody could reach the back office again. */
export async function revokeAdmin(userId: string): Promise<RoleChange> {
  const change = await db.transaction(async (tx): Promise<RoleChange> => {
    // Locking every admin row makes concurrent removals take turns, so two admins removing each
    // other at the same moment cannot leave none.
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"))
      .for("update");
    if (!admins.some((admin) => admin.userId === userId)) return "not-admin";
    if (admins.length === 1) return "last-admin";
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
    return "removed";
  });
  if (change === "removed") await sessionsChanged();
  return change;
}
