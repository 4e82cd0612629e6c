import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, DatabaseConnection } from "~/db/client.server";

// Kept on globalThis so that a hot reload in development reuses the open database.
const holder = globalThis as { __labTestDatabase?: DatabaseConnection };

export function setConnection(connection: DatabaseConnection | undefined) {
  holder.__labTestDatabase = connection;
}

export function getConnection(): DatabaseConnection {
  if (!holder.__labTestDatabase) throw new Error("The database is not connected yet");
  return holder.__labTestDatabase;
}

/** The app's database handle; resolves to the connection opened at start-up (or by a test). */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const database = getConnection().db;
    const value = Reflect.get(database, property, database);
    return typeof value === "function" ? value.bind(database) : value;
  },
});

/**
 * A query of fixed shape sent as a named prepared statement: the query builder's work is done once
 * per database handle, and PostgreSQL parses and plans it once per connection instead of on every
 * request (issue 13; decision 0021). Values come in through `sql.placeholder(...)` when executing.
 * The name must be unique (node-postgres keys a connection's statements by it): a unit test checks.
 */
export function preparedQuery<P>(name: string, build: (database: Database) => { prepare(name: string): P }): () => P {
  const byDatabase = new WeakMap<Database, P>();
  return () => {
    const database = getConnection().db;
    let query = byDatabase.get(database);
    if (query === undefined) byDatabase.set(database, (query = build(database).prepare(name)));
    return query;
  };
}

/**
 * `column = any($name)` for a prepared query: a list of values is one array parameter, so the
 * statement keeps its shape whatever the number of values (`in ($1, $2, ...)` would not).
 */
export function isAnyOf(column: AnyPgColumn, placeholder: string, type: "uuid" | "text") {
  return sql`${column} = any(${sql.placeholder(placeholder)}::${sql.raw(type)}[])`;
}
