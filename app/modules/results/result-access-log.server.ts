// The log of every access to a result (issue 28): view, download, share, share opening,
// break-glass. The patient reads it on the result page ("who opened this result and when").
import { count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db, preparedQuery } from "~/db/db.server";
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

/** The result page shows the newest entries of its log; the log's own page lists them all, this many a page. */
export const ACCESS_LOG_ON_RESULT_PAGE = 10;
const ACCESS_LOG_PAGE_SIZE = 50;

const accessLogRows = preparedQuery("result_access_log_page", (database) => {
  // The page's entries first, by the log's index, then who they were: a long log (a result opened
  // thousands of times) costs no more to show than a short one.
  const entries = database
    .select({
      resultId: resultAccessLog.resultId,
      action: resultAccessLog.action,
      actorKind: resultAccessLog.actorKind,
      actorId: resultAccessLog.actorId,
      reason: resultAccessLog.reason,
      at: resultAccessLog.createdAt,
    })
    .from(resultAccessLog)
    .where(eq(resultAccessLog.resultId, sql.placeholder("resultId")))
    .orderBy(desc(resultAccessLog.createdAt))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("entries");
  return database
    .select({
      action: entries.action,
      actorKind: entries.actorKind,
      reason: entries.reason,
      at: entries.at,
      labName: labs.name,
      actorEmail: user.email,
      // Counted once (an InitPlan over the log's index), not per row.
      total: sql<number>`(select count(*) from ${resultAccessLog} where ${resultAccessLog.resultId} = ${sql.placeholder("resultId")})`.mapWith(Number),
    })
    .from(entries)
    .innerJoin(results, eq(results.id, entries.resultId))
    .leftJoin(labs, eq(labs.id, results.labId))
    .leftJoin(user, eq(user.id, entries.actorId))
    .orderBy(desc(entries.at));
});

/**
 * The log as the patient reads it, newest first: who (you, the lab by name, LabTest Hub staff with
 * their reason, a shared link), what and when, and how many entries it has. Staff are not named by
 * account: their reason is. The result page shows its first ACCESS_LOG_ON_RESULT_PAGE entries; the
 * log's own page (which shows no values, so reading it is not a view) pages through them all.
 */
export async function accessLogPage(resultId: string, requested = 1, pageSize = ACCESS_LOG_PAGE_SIZE): Promise<AccessLogPage> {
  const rows = await accessLogRows().execute({ resultId, limit: pageSize, offset: (requested - 1) * pageSize });
  if (rows.length === 0 && requested > 1) {
    const [{ total }] = await db.select({ total: count() }).from(resultAccessLog).where(eq(resultAccessLog.resultId, resultId));
    return accessLogPage(resultId, Math.max(1, Math.min(requested - 1, Math.ceil(total / pageSize))), pageSize);
  }
  const entries = rows.map(({ actorEmail, labName, total: _total, ...row }) => ({
    ...row,
    at: row.at.toISOString(),
    /** Who, as the patient is told: the lab's name for its members; nobody's address otherwise. */
    labName: row.actorKind === "lab" ? labName : null,
    /** A lab member's address (the patient may ask the lab about it); nobody else's. */
    actorEmail: row.actorKind === "lab" ? actorEmail : null,
  }));
  const total = rows[0]?.total ?? 0;
  return { entries, total, page: requested, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
export type AccessLogPage = { entries: AccessLogEntry[]; total: number; page: number; pageCount: number };
export type AccessLogEntry = { action: ResultAccessAction; actorKind: ResultAccessActorKind; reason: string | null; at: string; labName: string | null; actorEmail: string | null };
