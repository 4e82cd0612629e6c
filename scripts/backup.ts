// npm run backup [file]
// Writes a consistent copy of the embedded database (a gzipped tarball of its folder) to `file`,
// by default DATA_DIR/backups/labtest-<time>.tar.gz. While the server runs it takes the copy
// itself: this script asks it on 127.0.0.1:PORT with the data folder's backup token (run it with
// the server's DATA_DIR and PORT). Otherwise the script opens the folder itself, under its lock.
// The copy is then opened in memory to check it. For DATABASE_URL use pg_dump (README, Backups).
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { backupToken, dumpEmbeddedDatabase, inspectBackup, type Tarball } from "~/db/backup.server";
import { connect, DataDirInUseError, dataDirHolder, pgliteDataDir } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";

const env = getEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up the PostgreSQL database with pg_dump (see README, Backups).");
  process.exit(2);
}
const dir = pgliteDataDir(env.DATA_DIR);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = resolve(process.argv[2] ?? join(env.DATA_DIR, "backups", `labtest-${stamp}.tar.gz`));

async function fromRunningServer(pid: number): Promise<Tarball> {
  const url = `http://127.0.0.1:${env.PORT}/api/backup`;
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${backupToken(env.DATA_DIR)}` } });
  } catch {
    throw new Error(`The server holding ${dir} (process ${pid}) does not answer at ${url}. Run this with the server's PORT.`);
  }
  if (!response.ok) {
    throw new Error(`The server at ${url} refused the backup (${response.status}). Is it the one using DATA_DIR=${env.DATA_DIR}?`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function fromFolder(): Promise<Tarball> {
  const connection = await connect({ driver: "pglite", dataDir: dir });
  try {
    return await dumpEmbeddedDatabase(connection);
  } finally {
    await connection.close();
  }
}

try {
  if (!existsSync(dir)) throw new Error(`No embedded database in ${resolve(dir)}: check DATA_DIR.`);
  const pid = dataDirHolder(dir);
  let tarball: Tarball;
  try {
    tarball = pid ? await fromRunningServer(pid) : await fromFolder();
  } catch (error) {
    // The server started while we were opening the folder: ask it instead.
    if (!(error instanceof DataDirInUseError)) throw error;
    tarball = await fromRunningServer(dataDirHolder(dir) ?? 0);
  }
  const contents = await inspectBackup(tarball);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.partial`, tarball, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  console.log(
    `Backup written to ${file} (${(tarball.byteLength / 1024 / 1024).toFixed(1)} MB, taken ${pid ? "by the running server" : "from the stopped database"}): ` +
      `${contents.tests} tests, ${contents.users} accounts, ${contents.orders} orders, ${contents.bookings} bookings.`,
  );
  if (!process.argv[2]) console.log("Copy it off this machine: a backup on the same disk is lost with it.");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
