// npm run restore <file>
// Replaces the embedded database in DATA_DIR with a backup made by `npm run backup`. Refuses while
// a server uses the folder. The current folder is kept beside it (pglite.before-restore-<time>).
// For DATABASE_URL use pg_restore (README, Backups).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { restoreEmbeddedDatabase } from "~/db/backup.server";
import { DataDirInUseError } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";

const env = getEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: restore a PostgreSQL dump with pg_restore (see README, Backups).");
  process.exit(2);
}
const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(file ? `No file ${resolve(file)}.` : "Usage: npm run restore -- FILE");
  process.exit(2);
}

try {
  const { contents, keptAside } = await restoreEmbeddedDatabase(env.DATA_DIR, new Uint8Array(readFileSync(file)));
  console.log(
    `Restored ${resolve(file)} into ${resolve(env.DATA_DIR)}: ${contents.tests} tests, ${contents.users} accounts, ` +
      `${contents.orders} orders, ${contents.bookings} bookings.`,
  );
  if (keptAside) console.log(`The database it replaced is kept in ${keptAside} (delete it when no longer needed).`);
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(`${error.message}\nStop the server (Ctrl+C), run this command again, then start the server.`);
  } else {
    console.error((error as Error).message);
  }
  process.exit(1);
}
