// The database a maintenance script works on: DATABASE_URL when set, otherwise the embedded
// database, which a script refuses to open while a server holds it. Migrations are applied.
import { connect, DataDirInUseError, pgliteDataDir, type DatabaseConnection } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import { runMigrations } from "~/db/migrate.server";
import { getEnv } from "~/utils/env.server";

export async function openDatabase(): Promise<DatabaseConnection> {
  const env = getEnv();
  let connection: DatabaseConnection;
  try {
    connection = env.DATABASE_URL
      ? await connect({ driver: "pg", url: env.DATABASE_URL, max: 1 })
      : await connect({ driver: "pglite", dataDir: pgliteDataDir(env.DATA_DIR) });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`${error.message}\nStop the server (Ctrl+C), run this command again, then start the server.`);
      process.exit(1);
    }
    throw error;
  }
  setConnection(connection);
  await runMigrations(connection, env.DATABASE_URL);
  return connection;
}
