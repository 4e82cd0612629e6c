import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { jobs } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { jobsProcessed } from "~/utils/metrics.server";

export type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; maxAttempts: number };
export type JobHandler = ((payload: never, job: ClaimedJob) => Promise<void>) & {
  /**
   * A recurring job (a periodic sweep): one row per kind (dedupe key `recurring:{kind}`) that
   * the worker creates when it starts and puts back this many seconds after each run, so that
   * across all processes one sweep runs at a time, claimed like any other job. It never dies.
   */
  everySeconds?: number;
};

const recurringKey = (kind: string) => `recurring:${kind}`;

/**
 * The job kinds and their handlers. The runner imports no domain module: each domain registers
 * its own kinds in its `*-jobs.server.ts` (mail, notifications, payments, webhooks), and
 * app/job-handlers.server.ts, which start-up and the tests import, lists those files.
 */
const registry: Record<string, JobHandler> = {};

/** Registers the handler of a job kind; registering a kind again replaces it (a reloaded module in development). */
export function registerJobHandler(kind: string, handler: JobHandler) {
  registry[kind] = handler;
}

/** Every registered handler, by job kind (the live registry: the worker sees later registrations too). */
export function registeredJobHandlers(): Readonly<Record<string, JobHandler>> {
  return registry;
}

/** Creates the rows of the recurring jobs that do not exist yet (every process may call it). */
export async function ensureRecurringJobs(handlers: Record<string, JobHandler>) {
  for (const [kind, handler] of Object.entries(handlers)) {
    if (!handler.everySeconds) continue;
    await enqueueJob(db, kind, {}, { dedupeKey: recurringKey(kind), maxAttempts: 2 ** 31 - 1 });
  }
}

/** Makes a recurring job due now (the e2e test clock, after moving time forward). */
export async function runRecurringJobSoon(kind: string) {
  await db.execute(sql`
    update jobs set run_at = now(), done_at = null, dead_at = null
    where dedupe_key = ${recurringKey(kind)} and (locked_until is null or locked_until < now())`);
}

const LEASE_SECONDS = 60;

/** Frees every job lease: only for a database no other process uses (the embedded one at start-up). */
export async function releaseJobLeases() {
  await db.execute(sql`update jobs set locked_by = null, locked_until = null where locked_until is not null`);
}

export type JobOptions = { runAt?: Date; dedupeKey?: string; maxAttempts?: number };

/**
 * Adds a job to the outbox. Pass the transaction that makes the change the job is about, so the
 * job exists exactly when the change does. A repeated dedupeKey is ignored.
 */
export async function enqueueJob(executor: Executor, kind: string, payload: unknown, options: JobOptions = {}) {
  await enqueueJobs(executor, [{ kind, payload, options }]);
}

/** Adds several jobs in one statement (an order's bookings, issue 25); as enqueueJob otherwise. */
export async function enqueueJobs(executor: Executor, queued: { kind: string; payload: unknown; options?: JobOptions }[]) {
  if (queued.length === 0) return;
  await executor
    .insert(jobs)
    .values(
      queued.map(({ kind, payload, options = {} }) => ({
        kind,
        payload,
        runAt: options.runAt ?? new Date(),
        dedupeKey: options.dedupeKey,
        maxAttempts: options.maxAttempts ?? 5,
      })),
    )
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** Claims due jobs with a lease; several processes never claim the same job at once. */
async function claimJobs(workerId: string, limit: number): Promise<ClaimedJob[]> {
  const result = await db.execute<{
    id: string;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(sql`
    update jobs set locked_by = ${workerId},
      locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
      attempts = attempts + 1
    where id in (
      select id from jobs
      where done_at is null and dead_at is null and run_at <= now()
        and (locked_until is null or locked_until < now())
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  }));
}

/** Runs due jobs once (outside any transaction) and returns how many were claimed. */
export async function runDueJobs(
  handlers: Record<string, JobHandler>,
  workerId = `worker-${randomUUID()}`,
  limit = 10,
): Promise<number> {
  const claimed = await claimJobs(workerId, limit);
  for (const job of claimed) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload as never, job);
      if (handler.everySeconds) {
        await db.execute(sql`
          update jobs set run_at = now() + make_interval(secs => ${handler.everySeconds}), attempts = 0,
            last_error = null, locked_by = null, locked_until = null
          where id = ${job.id}`);
      } else {
        await db.execute(
          sql`update jobs set done_at = now(), locked_by = null, locked_until = null where id = ${job.id}`,
        );
      }
      jobsProcessed.inc({ kind: job.kind, outcome: "done" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = job.attempts >= job.maxAttempts && !handler?.everySeconds;
      // Exponential back-off: 10 s, 20 s, 40 s ... capped at one hour.
      const delaySeconds = Math.min(3600, 10 * 2 ** (job.attempts - 1));
      logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, dead, err: message }, "job failed");
      jobsProcessed.inc({ kind: job.kind, outcome: dead ? "dead" : "retry" });
      await db.execute(sql`
        update jobs set last_error = ${message}, locked_by = null, locked_until = null,
          dead_at = case when ${dead} then now() else null end,
          run_at = case when ${dead} then run_at else now() + make_interval(secs => ${delaySeconds}) end
        where id = ${job.id}`);
    }
  }
  return claimed.length;
}

/** Polls the outbox until stopped; the returned function waits for the current round to end. */
export function startJobWorker(handlers: Record<string, JobHandler>, intervalMs: number) {
  const workerId = `worker-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  let recurringEnsured = false;
  const tick = () => {
    current = (async () => {
      try {
        if (!recurringEnsured) {
          await ensureRecurringJobs(handlers);
          recurringEnsured = true;
        }
        while (!stopped && (await runDueJobs(handlers, workerId)) > 0) {
          // keep draining while there is work
        }
      } catch (error) {
        logger.error({ err: error }, "job worker round failed");
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    })();
  };
  timer = setTimeout(tick, intervalMs);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
