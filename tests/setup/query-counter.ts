import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database } from "~/db/client.server";
import { getConnection, setConnection } from "~/db/db.server";
import * as schema from "~/db/schema";

/**
 * Counts the SQL statements the app sends while `run` runs: the test's connection is swapped for
 * a Drizzle handle over the same client (PGlite or the node-postgres pool) with a query logger,
 * so every statement, in transactions and prepared ones included, is seen. Returns the texts.
 */
export async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
  const connection = getConnection();
  const seen: string[] = [];
  const logger: Logger = { logQuery: (query) => void seen.push(query) };
  const client = (connection.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const logged = (
    connection.driver === "pglite" ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger })
  ) as unknown as Database;
  setConnection({ ...connection, db: logged });
  try {
    await run();
  } finally {
    setConnection(connection);
  }
  return seen;
}
