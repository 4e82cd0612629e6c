import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { connect, type DatabaseConnection } from "~/db/client.server";
import { setConnection } from "~/db/db.server";

let connection: DatabaseConnection;
let truncateAll: ReturnType<typeof sql> | undefined;

beforeAll(async () => {
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
