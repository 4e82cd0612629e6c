// Backups of the embedded database (npm run backup / npm run restore). A PGlite folder belongs to
// one process, so while the server runs it takes the backup itself, on a request from this
// machine that carries the token kept in the data folder (only someone who can read the folder,
// and so the data, can ask). On PostgreSQL, pg_dump and pg_restore do this job.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockDataDir, pgliteDataDir, type DatabaseConnection } from "~/db/client.server";
import { getConnection } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";

const TOKEN_FILE = "backup-token";

/** A backup: the database folder as a gzipped tarball. */
export type Tarball = Uint8Array<ArrayBuffer>;

/**
 * The embedded database as a gzipped tarball of its folder, taken while it is in use. PGlite runs
 * one transaction at a time, so inside our own (read-only) one no other is open; a checkpoint
 * writes every committed change into the data files, and dumpDataDir reads them while no
 * statement runs. The copy is what a clean stop at that moment would have left.
 */
export async function dumpEmbeddedDatabase(connection: DatabaseConnection): Promise<Tarball> {
  const client = connection.pglite;
  if (!client) throw new Error("Only the embedded database is backed up this way; use pg_dump for PostgreSQL.");
  return client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    const tarball = await client.dumpDataDir("gzip");
    return new Uint8Array(await tarball.arrayBuffer());
  });
}

/** The token a backup request must carry; made on first use, readable by the folder's owner only. */
export function backupToken(dataDir: string): string {
  const file = join(dataDir, TOKEN_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Made meanwhile by another run: use that one.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

/** True when `token` is the folder's backup token. Without a token file nobody may ask. */
export function isBackupToken(dataDir: string, token: string | null): boolean {
  const file = join(dataDir, TOKEN_FILE);
  if (!token || !existsSync(file)) return false;
  const expected = readFileSync(file, "utf8").trim();
  if (!expected) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(expected), digest(token));
}

/**
 * The running server's answer to a backup request (POST /api/backup from this machine): the
 * tarball, or null when the database is not the embedded one or the token is not the folder's.
 */
export async function backupForRequest(
  token: string | null,
  { dataDir = getEnv().DATA_DIR, connection = getConnection() }: { dataDir?: string; connection?: DatabaseConnection } = {},
): Promise<Tarball | null> {
  if (connection.driver !== "pglite" || !isBackupToken(dataDir, token)) return null;
  return dumpEmbeddedDatabase(connection);
}

export type BackupContents = { migrations: number; tests: number; orders: number; bookings: number; users: number };

async function contentsOf(client: PGlite): Promise<BackupContents> {
  const result = await client.query<BackupContents>(`
    select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
      (select count(*) from tests)::int as tests, (select count(*) from orders)::int as orders,
      (select count(*) from bookings)::int as bookings, (select count(*) from "user")::int as users`);
  return result.rows[0];
}

/** Opens a backup in memory and counts what it holds: a backup that cannot be opened fails here. */
export async function inspectBackup(tarball: Tarball): Promise<BackupContents> {
  const client = await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: { pg_trgm } });
  try {
    return await contentsOf(client);
  } finally {
    await client.close();
  }
}

/**
 * Replaces the embedded database in `dataDir` with a backup. Refuses (DataDirInUseError) while a
 * server holds the folder, and holds its lock meanwhile. The backup is first unpacked and opened
 * beside the folder; only then is the current folder moved aside (kept, its path returned) and
 * the restored one put in its place.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  tarball: Tarball,
): Promise<{ contents: BackupContents; keptAside: string | null }> {
  const dir = pgliteDataDir(dataDir);
  mkdirSync(dirname(dir), { recursive: true });
  const release = lockDataDir(dir);
  try {
    const incoming = `${dir}.restoring`;
    rmSync(incoming, { recursive: true, force: true });
    let contents: BackupContents;
    try {
      const client = await PGlite.create(incoming, { loadDataDir: new Blob([tarball]), extensions: { pg_trgm } });
      try {
        contents = await contentsOf(client);
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      throw new Error(`The backup could not be opened: ${(error as Error).message}`, { cause: error });
    }
    let keptAside: string | null = null;
    if (existsSync(dir)) {
      keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(dir, keptAside);
    }
    renameSync(incoming, dir);
    return { contents, keptAside };
  } finally {
    release();
  }
}
