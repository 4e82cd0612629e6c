import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { jobs } from "~/db/schema";
import { enqueueJob, runDueJobs } from "~/modules/jobs/jobs.server";

describe("background jobs", () => {
  it("runs a queued job once", async () => {
    const seen: unknown[] = [];
    await enqueueJob(db, "echo", { n: 1 });
    expect(await runDueJobs({ echo: async (payload: unknown) => void seen.push(payload) })).toBe(1);
    expect(await runDueJobs({ echo: async (payload: unknown) => void seen.push(payload) })).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("never runs a job whose transaction rolled back", async () => {
    await db
      .transaction(async (tx) => {
        await enqueueJob(tx, "echo", { n: 2 });
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await db.select().from(jobs)).toHaveLength(0);
  });

  it("retries a failing job later and gives up after its last attempt", async () => {
    await enqueueJob(db, "flaky", {}, { maxAttempts: 2 });
    const failing = { flaky: async () => Promise.reject(new Error("receiver down")) };
    expect(await runDueJobs(failing)).toBe(1);
    let [job] = await db.select().from(jobs);
    expect(job.lastError).toBe("receiver down");
    expect(job.deadAt).toBeNull();
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());

    await db.execute(sql`update jobs set run_at = now()`);
    expect(await runDueJobs(failing)).toBe(1);
    [job] = await db.select().from(jobs);
    expect(job.deadAt).not.toBeNull();
    expect(await runDueJobs(failing)).toBe(0);
  });

  it("ignores a repeated dedupe key", async () => {
    await enqueueJob(db, "sweep", {}, { dedupeKey: "sweep:2026-11-22T10" });
    await enqueueJob(db, "sweep", {}, { dedupeKey: "sweep:2026-11-22T10" });
    expect(await db.select().from(jobs)).toHaveLength(1);
  });
});
