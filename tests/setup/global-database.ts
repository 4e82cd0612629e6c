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
    /** On PostgreSQL, the address of each worker's own database, by VITEST_POOL_ID. */
    workerDatabaseUrls: Record<string, string>;
  }
}

/** The address of the database named `name` on the server of `url`. */
function databaseUrl(url: string, name: string) {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/**
 * Builds the test database once: on PostgreSQL (TEST_DATABASE_URL) a fresh schema with the
 * migrations applied, then copied into one database per worker (`<name>_w1`, `<name>_w2`, ...)
 * so that test files run side by side as on PGlite; on PGlite a migrated template that every
 * test file loads in a second.
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
    // A database is copied from a template nobody is connected to: this runs from the server's
    // maintenance database.
    const template = decodeURIComponent(new URL(url).pathname.slice(1));
    const server = await connect({ driver: "pg", url: databaseUrl(url, "postgres"), max: 1 });
    const urls: Record<string, string> = {};
    for (let id = 1; id <= project.globalConfig.maxWorkers; id++) {
      const name = `${template}_w${id}`;
      await server.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await server.db.execute(sql.raw(`create database "${name}" template "${template}"`));
      urls[id] = databaseUrl(url, name);
    }
    await server.close();
    project.provide("pgliteTemplate", "");
    project.provide("workerDatabaseUrls", urls);
    return;
  }
  project.provide("workerDatabaseUrls", {});
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
