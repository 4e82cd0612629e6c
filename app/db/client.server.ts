import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "~/db/schema";

/** Both drivers expose the same query builder; we type the handle as the node-postgres one. */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what domain functions accept. */
export type Executor = Database | Transaction;

export type DatabaseConnection = {
  db: Database;
  driver: "pglite" | "pg";
  /** The embedded database's client (backups dump its folder). */
  pglite?: PGlite;
  close: () => Promise<void>;
};

export type ConnectOptions =
  | { driver: "pg"; url: string; max?: number }
  | { driver: "pglite"; dataDir: string | "memory://" }
  | { driver: "pglite"; loadDataDir: Blob | File };

export async function connect(options: ConnectOptions): Promise<DatabaseConnection> {
  if (options.driver === "pg") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    return { db: drizzlePg(pool, { schema }), driver: "pg", close: () => pool.end() };
  }
  if ("loadDataDir" in options) {
    const client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
    return pgliteConnection(client, () => {});
  }
  if (options.dataDir === "memory://") {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    return pgliteConnection(client, () => {});
  }
  const dir = resolve(options.dataDir);
  // PGlite creates only the last folder of its path.
  mkdirSync(dirname(dir), { recursive: true });
  const releaseLock = lockDataDir(dir);
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    return pgliteConnection(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function pgliteConnection(client: PGlite, afterClose: () => void): DatabaseConnection {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    pglite: client,
    close: async () => {
      await client.close();
      afterClose();
    },
  };
}

export class DataDirInUseError extends Error {}

/**
 * PGlite has no lock of its own: a second process opening a live folder can lose committed rows.
 * A lock file beside the folder names the process holding it; a lock left by a dead process (a
 * crash, kill -9) is taken over. Returns the function that releases it.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  const holder = dataDirHolder(dir);
  if (holder !== null) {
    throw new DataDirInUseError(`The database folder ${dir} is in use by process ${holder}. Stop that server first.`);
  }
  rmSync(lockPath, { force: true });
  const fd = openSync(lockPath, "wx");
  writeSync(fd, [process.pid, processStartTime(process.pid)].filter((part) => part !== null).join(" "));
  closeSync(fd);
  return () => rmSync(lockPath, { force: true });
}

/** The live process (another than this one) holding the folder's lock, or null. */
export function dataDirHolder(dir: string): number | null {
  const lockPath = `${dir}.lock`;
  if (!existsSync(lockPath)) return null;
  const [pidText, startTime] = readFileSync(lockPath, "utf8").trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  // After a crash the dead server's pid may belong to another process (a restarted container
  // numbers its processes alike): the start time written beside the pid tells them apart.
  const liveStartTime = processStartTime(pid);
  if (startTime && liveStartTime && startTime !== liveStartTime) return null;
  return pid;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** When a process started (Linux /proc, in clock ticks since boot); null where /proc is missing. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (in parentheses, may hold spaces): state is field 3, starttime 22.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

export function pgliteDataDir(dataDir: string) {
  return join(dataDir, "pglite");
}
