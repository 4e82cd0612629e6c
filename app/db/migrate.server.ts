import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { DatabaseConnection } from "~/db/client.server";

// Resolved from the working directory: the server bundle moves to build/server.
export const migrationsFolder = resolve(process.cwd(), "drizzle");

/** Applies the committed migrations. On PostgreSQL an advisory lock lets many processes start at once. */
export async function runMigrations(connection: DatabaseConnection, databaseUrl?: string) {
  if (connection.driver === "pglite") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(connection.db as any, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(724301)");
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(724301)").catch(() => {});
    await client.end();
  }
}

/** True when every committed migration has been applied (readiness check). */
export async function migrationsApplied(connection: DatabaseConnection) {
  const journal = JSON.parse(readFileSync(resolve(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  const result = await connection.db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count) >= journal.entries.length;
}
