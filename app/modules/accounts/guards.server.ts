import { and, eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "~/db/db.server";
import { labMembers, userRoles } from "~/db/schema";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { cachedSession } from "~/modules/accounts/session-cache.server";
import { logger } from "~/utils/logger.server";
import { sessionCookieOf } from "~/utils/session-cookie.server";
import { redirectWithToast } from "~/utils/toast.server";

// Who is asking, and the guards at the top of protected loaders and actions (`requireUser`,
// `requireAdmin`): they throw a redirect, so the rest of the function is the happy path.

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isAdmin: boolean;
  /** A manager or staff member of at least one lab (the partner portal, /partner). */
  isLabMember: boolean;
};

/**
 * One lookup per page request: the root loader and the page's own loader both ask. Only for GET
 * and HEAD, where nothing can sign the user in or out between the two questions.
 */
const usersOfRequests = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user, or null. A missing, expired or forged session cookie means nobody. Reads
 * (GET, HEAD) may be answered from the session cache; every write asks the database, so a revoked
 * session can change nothing.
 */
export function getUser(request: Request): Promise<SessionUser | null> {
  const cookie = sessionCookieOf(request);
  if (!cookie) return Promise.resolve(null);
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpUser(request).then((found) => found?.value ?? null);
  let user = usersOfRequests.get(request);
  if (!user) {
    user = cachedSession(cookie, () => lookUpUser(request));
    usersOfRequests.set(request, user);
  }
  return user;
}

async function lookUpUser(request: Request): Promise<{ value: SessionUser; expiresAt: Date } | null> {
  let session;
  try {
    session = await getAuth().api.getSession({ headers: request.headers });
  } catch (error) {
    logger.warn({ err: error }, "session lookup failed");
    return null;
  }
  if (!session) return null;
  const { user } = session;
  return {
    value: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, ...(await accountRoles(user.id)) },
    expiresAt: new Date(session.session.expiresAt),
  };
}

/** Whether an account is an admin and whether it belongs to a lab, in one query. */
export async function accountRoles(userId: string): Promise<Pick<SessionUser, "isAdmin" | "isLabMember">> {
  const [row] = await db
    .select({
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'admin')`.mapWith(Boolean),
      isLabMember: sql<boolean>`exists (select 1 from ${labMembers} where ${labMembers.userId} = ${userId})`.mapWith(Boolean),
    })
    .from(sql`(select 1) as one`);
  return row;
}

export async function isAdmin(userId: string) {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

/** Where to come back to after signing in: this request's path and query. */
function returnPath(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    throw redirect(`/auth?redirect=${encodeURIComponent(returnPath(request))}`);
  }
  return user;
}

/**
 * Only an admin gets past. A customer is sent to the dashboard with 'Access Denied' (spec); a lab
 * member who is not an admin gets a plain 404, as if the area did not exist (issue 27).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin && user.isLabMember) throw data("Not Found", { status: 404 });
  if (!user.isAdmin) {
    throw await redirectWithToast("/dashboard", {
      type: "error",
      title: "Access Denied",
      description: "You don't have permission to access the admin area.",
    });
  }
  return user;
}
