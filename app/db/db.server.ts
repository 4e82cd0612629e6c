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
