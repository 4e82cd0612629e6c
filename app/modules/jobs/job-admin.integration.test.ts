import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { adminActions, jobs } from "~/db/schema";
import { discardDeadJob, retryDeadJob, troubledJobs } from "~/modules/jobs/job-admin.server";
import { jobCountsByKind } from "~/modules/jobs/job-stats.server";
import { enqueueJob, runDueJobs } from "~/modules/jobs/jobs.server";

const failing = { flaky: async () => Promise.reject(new Error("receiver down")) };

/** One queued echo job, one flaky job failed once, one flaky job dead. */
async function mixedJobs() {
  await enqueueJob(db, "echo", {});
  await enqueueJob(db, "flaky", { n: 1 }, { maxAttempts: 3, runAt: new Date(Date.now() - 1000) });
  await enqueueJob(db, "flaky", { n: 2 }, { maxAttempts: 1, runAt: new Date(Date.now() - 1000) });
  // Only the flaky jobs are due before the echo one: run them, not it.
  await db.execute(sql`update jobs set run_at = now() + interval '1 hour' where kind = 'echo'`);
  expect(await runDueJobs(failing)).toBe(2);
  const [dead] = await db.select().from(jobs).where(sql`dead_at is not null`);
  return dead.id;
}

describe("job counts and the dead jobs' second chance", () => {
  it("counts the unfinished jobs of each kind by state", async () => {
    await mixedJobs();
    const counts = await jobCountsByKind();
    expect(counts).toEqual([
      { kind: "echo", queued: 1, running: 0, failed: 0, dead: 0, oldestDueSeconds: 0 },
      { kind: "flaky", queued: 0, running: 0, failed: 1, dead: 1, oldestDueSeconds: 0 },
    ]);
  });

  it("measures how long the oldest due job has waited", async () => {
    await enqueueJob(db, "echo", {}, { runAt: new Date(Date.now() - 90_000) });
    const [echo] = await jobCountsByKind();
    expect(echo.oldestDueSeconds).toBeGreaterThanOrEqual(89);
  });

  it("lists failed and dead jobs with their last error", async () => {
    await mixedJobs();
    const { failed, dead } = await troubledJobs();
    expect(failed).toHaveLength(1);
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ kind: "flaky", lastError: "receiver down", state: "dead" });
  });

  it("retries a dead job once, recording who did it", async () => {
    const id = await mixedJobs();
    expect(await retryDeadJob(id, "admin-1")).toBe(true);
    expect(await retryDeadJob(id, "admin-1")).toBe(false);
    const [job] = await db.select().from(jobs).where(sql`id = ${id}`);
    expect(job).toMatchObject({ deadAt: null, attempts: 0 });
    const seen: unknown[] = [];
    await runDueJobs({ flaky: async (payload: unknown) => void seen.push(payload) });
    expect(seen).toContainEqual({ n: 2 });
    const audit = await db.select().from(adminActions);
    expect(audit).toEqual([expect.objectContaining({ actorId: "admin-1", action: "job.retry", subjectId: String(id) })]);
  });

  it("discards a dead job: no longer counted, kept with its error, recorded", async () => {
    const id = await mixedJobs();
    expect(await discardDeadJob(id, "admin-1")).toBe(true);
    expect(await discardDeadJob(id, "admin-1")).toBe(false);
    const flaky = (await jobCountsByKind()).find((row) => row.kind === "flaky");
    expect(flaky?.dead).toBe(0);
    const [job] = await db.select().from(jobs).where(sql`id = ${id}`);
    expect(job.lastError).toBe("receiver down");
    expect((await db.select().from(adminActions)).map((row) => row.action)).toEqual(["job.discard"]);
  });

  it("neither retries nor discards a job that is not dead", async () => {
    await enqueueJob(db, "echo", {});
    const [job] = await db.select().from(jobs);
    expect(await retryDeadJob(job.id, "admin-1")).toBe(false);
    expect(await discardDeadJob(job.id, "admin-1")).toBe(false);
    expect(await db.select().from(adminActions)).toHaveLength(0);
  });
});
