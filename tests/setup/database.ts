import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { connect, type DatabaseConnection } from "~/db/client.server";
import { setConnection } from "~/db/db.server";

let connection: DatabaseConnection;
let truncateAll: ReturnType<typeof sql> | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    // Each worker has its own copy of the migrated database (global-database.ts); a test that opens
    // a second connection reads the address from here.
    const url = inject("workerDatabaseUrls")[process.env.VITEST_POOL_ID ?? "1"];
    if (!url) throw new Error(`no test database for worker ${process.env.VITEST_POOL_ID}`);
    process.env.TEST_DATABASE_URL = url;
  }
  const url = process.env.TEST_DATABASE_URL;
  connection = url
    ? await connect({ driver: "pg", url, max: 20 })
    : await connect({ driver: "pglite", loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
  setConnection(connection);
  const tables = await connection.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const names = tables.rows.map((row) => `"public"."${row.tablename}"`).join(", ");
  truncateAll = sql.raw(`truncate ${names} restart identity cascade`);
});

beforeEach(async () => {
  if (truncateAll) await connection.db.execute(truncateAll);
});

afterAll(async () => {
  setConnection(undefined);
  await connection?.close();
});
