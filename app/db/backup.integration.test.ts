import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupForRequest, backupToken, dumpEmbeddedDatabase, restoreEmbeddedDatabase, type Tarball } from "~/db/backup.server";
import { connect, DataDirInUseError, pgliteDataDir, type DatabaseConnection, type Executor } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import { createAccount, insertTest } from "~/seed/factories.server";

const folders: string[] = [];
function newDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "labtest-backup-"));
  folders.push(dir);
  return dir;
}

let source: DatabaseConnection;
let sourceDir: string;
let tarball: Tarball;
let userId: string;
let testId: string;

/** An order with one line and its booking, written in one transaction (`pause` between the order and its line). */
async function placeOrder(executor: Executor, name: string, pause = 0) {
  await executor.transaction(async (tx) => {
    const [order] = await tx
      .insert(schema.orders)
      .values({ userId, totalAmountFils: 15000, paymentMethod: "cash_on_delivery", customerName: name, customerEmail: "omar@example.com" })
      .returning();
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    await tx.insert(schema.orderItems).values({ orderId: order.id, testId, testName: "Vitamin D", quantity: 1, unitPriceFils: 15000, totalPriceFils: 15000 });
    await tx.insert(schema.bookings).values({ userId, testId, orderId: order.id, scheduledDate: "2026-12-01", patientName: name, patientEmail: "omar@example.com" });
  });
}

async function ordersIn(connection: DatabaseConnection) {
  const result = await connection.db.execute<{ customer_name: string; lines: number; bookings: number }>(sql`
    select o.customer_name,
      (select count(*) from order_items i where i.order_id = o.id)::int as lines,
      (select count(*) from bookings b where b.order_id = o.id)::int as bookings
    from orders o order by o.customer_name`);
  return result.rows.map((row) => ({ name: row.customer_name, lines: Number(row.lines), bookings: Number(row.bookings) }));
}

beforeAll(async () => {
  sourceDir = newDataDir();
  source = await connect({ driver: "pglite", dataDir: pgliteDataDir(sourceDir) });
  await runMigrations(source);
  userId = (await createAccount(source.db)).id;
  testId = (await insertTest(source.db, { name: "Vitamin D" })).id;
  for (const name of ["Order 1", "Order 2", "Order 3"]) await placeOrder(source.db, name);
  // The backup is asked for while a fourth order is half written: it waits for that transaction.
  const writing = placeOrder(source.db, "Order 4", 200);
  await new Promise((resolve) => setTimeout(resolve, 20));
  tarball = await dumpEmbeddedDatabase(source);
  await writing;
});

afterAll(async () => {
  await source?.close();
  folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe("backups of the embedded database", () => {
  it("a backup taken while an order is being written restores into a new folder with every order, its line and booking", async () => {
    const target = newDataDir();
    const { contents, keptAside } = await restoreEmbeddedDatabase(target, tarball);
    expect(contents).toMatchObject({ orders: 4, bookings: 4, tests: 1, users: 1 });
    expect(keptAside).toBeNull();

    const restored = await connect({ driver: "pglite", dataDir: pgliteDataDir(target) });
    try {
      expect(await ordersIn(restored)).toEqual(
        ["Order 1", "Order 2", "Order 3", "Order 4"].map((name) => ({ name, lines: 1, bookings: 1 })),
      );
      // The restored database is a working one: it takes new orders.
      await placeOrder(restored.db, "Order 5");
      expect(await ordersIn(restored)).toHaveLength(5);
    } finally {
      await restored.close();
    }
  });

  it("restore refuses a folder a running server holds, and otherwise keeps the database it replaces", async () => {
    const target = newDataDir();
    await restoreEmbeddedDatabase(target, tarball);
    const server = spawn("sleep", ["30"]);
    try {
      writeFileSync(`${pgliteDataDir(target)}.lock`, String(server.pid));
      await expect(restoreEmbeddedDatabase(target, tarball)).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      server.kill();
      await new Promise((resolve) => server.once("exit", resolve));
    }
    const { keptAside } = await restoreEmbeddedDatabase(target, tarball);
    expect(keptAside && existsSync(join(keptAside, "PG_VERSION"))).toBe(true);
    expect(existsSync(`${pgliteDataDir(target)}.lock`)).toBe(false);
  });

  it("a file that is not a backup is refused and the database stays as it was", async () => {
    const target = newDataDir();
    await restoreEmbeddedDatabase(target, tarball);
    await expect(restoreEmbeddedDatabase(target, new Uint8Array(Buffer.from("not a backup")))).rejects.toThrow(/could not be opened/);
    const still = await connect({ driver: "pglite", dataDir: pgliteDataDir(target) });
    try {
      expect(await ordersIn(still)).toHaveLength(4);
    } finally {
      await still.close();
    }
  });

  it("the running server hands out a backup only for its data folder's token", async () => {
    const options = { dataDir: sourceDir, connection: source };
    expect(await backupForRequest("anything", options)).toBeNull();
    const token = backupToken(sourceDir);
    expect(backupToken(sourceDir)).toBe(token);
    expect(await backupForRequest(null, options)).toBeNull();
    expect(await backupForRequest(`${token}x`, options)).toBeNull();
    expect((await backupForRequest(token, options))?.byteLength).toBeGreaterThan(1000);
    const postgres = { ...source, driver: "pg" as const, pglite: undefined };
    expect(await backupForRequest(token, { dataDir: sourceDir, connection: postgres })).toBeNull();
  });
});
