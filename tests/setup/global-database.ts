import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { sql } from "drizzle-orm";
import { connect } from "../../app/db/client.server";
import { runMigrations } from "../../app/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Builds the test database once: on PostgreSQL (TEST_DATABASE_URL) a fresh schema with the
 * migrations applied; on PGlite a migrated template that every test file loads in a second.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const connection = await connect({ driver: "pg", url, max: 1 });
    await connection.db.execute(sql`drop schema if exists public cascade`);
    await connection.db.execute(sql`drop schema if exists drizzle cascade`);
    await connection.db.execute(sql`create schema public`);
    await connection.close();
    const migrated = await connect({ driver: "pg", url, max: 1 });
    await runMigrations(migrated, url);
    await migrated.close();
    project.provide("pgliteTemplate", "");
    return;
  }
  const connection = await connect({ driver: "pglite", dataDir: "memory://" });
  await runMigrations(connection);
  // Drizzle keeps the PGlite client it was given as $client.
  const client = (connection.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("gzip");
  const dir = mkdtempSync(join(tmpdir(), "labtest-template-"));
  const file = join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await connection.close();
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
