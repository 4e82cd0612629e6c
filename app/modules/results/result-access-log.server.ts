// The log of every access to a result (issue 28): view, download, share, share opening,
// break-glass. The patient reads it on the result page ("who opened this result and when").
import { desc, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { labs, resultAccessLog, results, user } from "~/db/schema";
import type { ResultAccessAction, ResultAccessActorKind } from "~/modules/results/result-status";

export type AccessEntry = { action: ResultAccessAction; actorKind: ResultAccessActorKind; actorId?: string | null; reason?: string | null; shareId?: string | null };

export async function logResultAccess(resultId: string, entry: AccessEntry, executor: Executor = db) {
  await executor.insert(resultAccessLog).values({
    resultId,
    action: entry.action,
    actorKind: entry.actorKind,
    actorId: entry.actorId ?? null,
    reason: entry.reason ?? null,
    shareId: entry.shareId ?? null,
  });
}

/**
 * The log as the patient reads it, newest first: who (you, the lab by name, LabTest Hub staff
 * with their reason, a shared link), what and when. Staff are not named by account: their reason is.
 */
export async function accessLogOf(resultId: string, limit = 100) {
  const rows = await db
    .select({
      action: resultAccessLog.action,
      actorKind: resultAccessLog.actorKind,
      reason: resultAccessLog.reason,
      at: resultAccessLog.createdAt,
      labName: labs.name,
      actorEmail: user.email,
    })
    .from(resultAccessLog)
    .innerJoin(results, eq(results.id, resultAccessLog.resultId))
    .leftJoin(labs, eq(labs.id, results.labId))
    .leftJoin(user, eq(user.id, resultAccessLog.actorId))
    .where(eq(resultAccessLog.resultId, resultId))
    .orderBy(desc(resultAccessLog.createdAt))
    .limit(limit);
  return rows.map(({ actorEmail, labName, ...row }) => ({
    ...row,
    at: row.at.toISOString(),
    /** Who, as the patient is told: the lab's name for its members; nobody's address otherwise. */
    labName: row.actorKind === "lab" ? labName : null,
    /** A lab member's address (the patient may ask the lab about it); nobody else's. */
    actorEmail: row.actorKind === "lab" ? actorEmail : null,
  }));
}
export type AccessLogEntry = Awaited<ReturnType<typeof accessLogOf>>[number];
