import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect } from "~/db/client.server";
import { db, getConnection } from "~/db/db.server";
import { onChange, publishChange, startChangeFeed, type ChangeTopic } from "~/utils/change-feed.server";

let stopFeed: (() => Promise<void>) | undefined;
const unsubscribes: (() => void)[] = [];

function record(topic: ChangeTopic) {
  const calls: number[] = [];
  unsubscribes.push(onChange(topic, () => calls.push(Date.now())));
  return calls;
}

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a change notification");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Gives a notification that should not come the time to arrive if it were sent. */
async function settle() {
  await db.execute(sql`select 1`);
  await new Promise((resolve) => setTimeout(resolve, 150));
}

beforeEach(async () => {
  stopFeed = await startChangeFeed();
});

afterEach(async () => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  await stopFeed?.();
});

describe("change feed", () => {
  it("tells this process's listeners of its topic only, once the transaction commits", async () => {
    const pages = record("pages");
    const settings = record("settings");
    await db.transaction(async (tx) => {
      await publishChange(tx, "pages");
      await publishChange(tx, "pages");
      await tx.execute(sql`select 1`);
    });
    await until(() => pages.length > 0);
    await settle();
    expect(pages).toHaveLength(1);
    expect(settings).toHaveLength(0);

    await publishChange(db, "settings");
    await until(() => settings.length === 1);
    expect(pages).toHaveLength(1);
  });

  it("says nothing about a transaction that rolled back", async () => {
    const pages = record("pages");
    await expect(
      db.transaction(async (tx) => {
        await publishChange(tx, "pages");
        throw new Error("the edit failed");
      }),
    ).rejects.toThrow("the edit failed");
    await settle();
    expect(pages).toHaveLength(0);
  });

  it("stops calling a listener once unsubscribed, and after stop()", async () => {
    const kept = record("pages");
    const dropped: number[] = [];
    const unsubscribe = onChange("pages", () => dropped.push(1));
    unsubscribe();
    await publishChange(db, "pages");
    await until(() => kept.length === 1);
    expect(dropped).toHaveLength(0);

    await stopFeed?.();
    stopFeed = undefined;
    await publishChange(db, "pages");
    await settle();
    expect(kept).toHaveLength(1);
  });

  it("keeps the other listeners going when one throws", async () => {
    unsubscribes.push(
      onChange("pages", () => {
        throw new Error("listener bug");
      }),
    );
    const pages = record("pages");
    await publishChange(db, "pages");
    await until(() => pages.length === 1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("change feed on a PostgreSQL server", () => {
  it("hears a change committed by another process's connection promptly", async () => {
    const pages = record("pages");
    const other = await connect({ driver: "pg", url: process.env.TEST_DATABASE_URL!, max: 1 });
    try {
      const sent = Date.now();
      await other.db.transaction(async (tx) => publishChange(tx, "pages"));
      await until(() => pages.length === 1);
      expect(pages[0]! - sent).toBeLessThan(500);
    } finally {
      await other.close();
    }
  });

  it("reconnects after losing its connection and reports everything as changed", async () => {
    const pages = record("pages");
    const settings = record("settings");
    const terminated = await getConnection().db.execute<{ count: number }>(
      sql`select count(pg_terminate_backend(pid))::int as count from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database()
            and query = 'listen labtest_changes'`,
    );
    expect(terminated.rows[0]?.count).toBeGreaterThan(0);
    // Notifications sent while it is away are lost; the reconnection stands in for them.
    await until(() => pages.length === 1 && settings.length === 1, 10_000);

    await publishChange(db, "pages");
    await until(() => pages.length === 2);
  });
});
