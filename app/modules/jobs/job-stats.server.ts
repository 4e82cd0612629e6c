import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";

/**
 * A kind's unfinished jobs: queued (waiting for their time or a worker), running (leased now),
 * failed (the last attempt failed, another is scheduled), dead (failed for the last time), and
 * how long the oldest due job has waited (0 when none is due).
 */
export type JobKindCounts = {
  kind: string;
  queued: number;
  running: number;
  failed: number;
  dead: number;
  oldestDueSeconds: number;
};

/** One statement over the unfinished jobs (index jobs_unfinished_kind_idx); done jobs are not read. */
export async function jobCountsByKind(): Promise<JobKindCounts[]> {
  const result = await db.execute<{
    kind: string;
    queued: string;
    running: string;
    failed: string;
    dead: string;
    oldest_due_seconds: string | null;
  }>(sql`
    select kind,
      count(*) filter (where dead_at is null and (locked_until is null or locked_until < now()) and last_error is null) as queued,
      count(*) filter (where dead_at is null and locked_until >= now()) as running,
      count(*) filter (where dead_at is null and (locked_until is null or locked_until < now()) and last_error is not null) as failed,
      count(*) filter (where dead_at is not null) as dead,
      extract(epoch from now() - min(run_at) filter (where dead_at is null and run_at <= now())) as oldest_due_seconds
    from jobs
    where done_at is null
    group by kind
    order by kind`);
  return result.rows.map((row) => ({
    kind: row.kind,
    queued: Number(row.queued),
    running: Number(row.running),
    failed: Number(row.failed),
    dead: Number(row.dead),
    oldestDueSeconds: Math.max(0, Number(row.oldest_due_seconds ?? 0)),
  }));
}
