import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { adminActions, jobs } from "~/db/schema";

export type JobRow = {
  id: number;
  kind: string;
  state: "failed" | "dead";
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  createdAt: Date;
  deadAt: Date | null;
};

/** The longest a last error shown in the back office is (a receiver's whole HTML error page is not). */
const ERROR_SHOWN = 300;

/**
 * The jobs that need an operator's eye: failed ones waiting to retry and dead ones, newest first
 * (at most `limit` of each), with their last error cut to a readable length.
 */
export async function troubledJobs(limit = 100): Promise<{ failed: JobRow[]; dead: JobRow[] }> {
  const columns = {
    id: jobs.id,
    kind: jobs.kind,
    attempts: jobs.attempts,
    maxAttempts: jobs.maxAttempts,
    lastError: sql<string | null>`left(${jobs.lastError}, ${ERROR_SHOWN})`,
    runAt: jobs.runAt,
    createdAt: jobs.createdAt,
    deadAt: jobs.deadAt,
  };
  const [failed, dead] = await Promise.all([
    db
      .select(columns)
      .from(jobs)
      .where(and(isNull(jobs.doneAt), isNull(jobs.deadAt), isNotNull(jobs.lastError)))
      .orderBy(desc(jobs.runAt))
      .limit(limit),
    db
      .select(columns)
      .from(jobs)
      .where(and(isNull(jobs.doneAt), isNotNull(jobs.deadAt)))
      .orderBy(desc(jobs.deadAt))
      .limit(limit),
  ]);
  return {
    failed: failed.map((row) => ({ ...row, state: "failed" as const })),
    dead: dead.map((row) => ({ ...row, state: "dead" as const })),
  };
}

/**
 * Gives a dead job a new life: due now, with its attempts counted from zero. Recorded in
 * admin_actions with the error it died of. False when the job is not dead (any more).
 */
export async function retryDeadJob(jobId: number, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ deadAt: null, attempts: 0, runAt: sql`now()`, lockedBy: null, lockedUntil: null })
      .where(and(eq(jobs.id, jobId), isNotNull(jobs.deadAt), isNull(jobs.doneAt)))
      .returning({ kind: jobs.kind, lastError: jobs.lastError });
    if (!job) return false;
    await tx.insert(adminActions).values({
      actorId,
      action: "job.retry",
      subjectKind: "job",
      subjectId: String(jobId),
      detail: { kind: job.kind, lastError: job.lastError?.slice(0, ERROR_SHOWN) ?? null },
    });
    return true;
  });
}

/**
 * Gives up on a dead job for good: it is marked done (kept, with its last error, for the record)
 * and no longer counted. Recorded in admin_actions. False when the job is not dead (any more).
 */
export async function discardDeadJob(jobId: number, actorId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ doneAt: sql`now()` })
      .where(and(eq(jobs.id, jobId), isNotNull(jobs.deadAt), isNull(jobs.doneAt)))
      .returning({ kind: jobs.kind, lastError: jobs.lastError });
    if (!job) return false;
    await tx.insert(adminActions).values({
      actorId,
      action: "job.discard",
      subjectKind: "job",
      subjectId: String(jobId),
      detail: { kind: job.kind, lastError: job.lastError?.slice(0, ERROR_SHOWN) ?? null },
    });
    return true;
  });
}
