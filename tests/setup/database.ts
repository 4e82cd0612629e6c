import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, inject } from "vitest";
import { connect, type DatabaseConnection } from "~/db/client.server";
import { setConnection } from "~/db/db.server";

// Vitest runs this file again before every test file; without isolation (the integration project)
// the worker's modules and globals stay, so the worker opens its database once and keeps it.
type WorkerDatabase = { connection: DatabaseConnection; truncateAll: ReturnType<typeof sql> };
const worker = globalThis as typeof globalThis & { testDatabase?: Promise<WorkerDatabase> };

async function openDatabase(): Promise<WorkerDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    // Each worker has its own copy of the migrated database (global-database.ts); a test that opens
    // a second connection reads the address from here.
    const url = inject("workerDatabaseUrls")[process.env.VITEST_POOL_ID ?? "1"];
    if (!url) throw new Error(`no test database for worker ${process.env.VITEST_POOL_ID}`);
    process.env.TEST_DATABASE_URL = url;
  }
  const url = process.env.TEST_DATABASE_URL;
  const connection = url
    ? await connect({ driver: "pg", url, max: 20 })
    : await connect({ driver: "pglite", loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
  const tables = await connection.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const names = tables.rows.map((row) => `"public"."${row.tablename}"`).join(", ");
  return { connection, truncateAll: sql.raw(`truncate ${names} restart identity cascade`) };
}

let database: WorkerDatabase;

beforeAll(async () => {
  worker.testDatabase ??= openDatabase();
  database = await worker.testDatabase;
  setConnection(database.connection);
});

beforeEach(async () => {
  await database.connection.db.execute(database.truncateAll);
});
