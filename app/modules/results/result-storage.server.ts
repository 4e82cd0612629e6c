// Where result files' sealed bytes are kept (decision 0060): one interface, two drivers. The
// database (default: backups and the embedded run need nothing else) or S3-compatible object
// storage (RESULTS_STORAGE=s3). Either is shared by every app process. Only sealed bytes reach a
// driver: neither the table nor the bucket ever holds a readable report.
import { eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { resultBlobs } from "~/db/schema";
import { getEnv, type Env } from "~/utils/env.server";

export interface ResultStorage {
  readonly name: "db" | "s3";
  /**
   * Stores an object. The database driver writes in the caller's transaction (`executor`), so a
   * result and its file appear together or not at all; S3 writes at once (an object whose row
   * never committed is an orphan with no readable content, removed by `remove`).
   */
  put(key: string, bytes: Buffer, executor?: Executor): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string, executor?: Executor): Promise<void>;
}

export const databaseStorage: ResultStorage = {
  name: "db",
  async put(key, bytes, executor = db) {
    await executor.insert(resultBlobs).values({ key, bytes });
  },
  async get(key) {
    const [row] = await db.select({ bytes: resultBlobs.bytes }).from(resultBlobs).where(eq(resultBlobs.key, key));
    return row?.bytes ?? null;
  },
  async remove(key, executor = db) {
    await executor.delete(resultBlobs).where(eq(resultBlobs.key, key));
  },
};

let chosen: Promise<ResultStorage> | undefined;

/** The storage driver chosen by RESULTS_STORAGE (the S3 client is loaded only when used). */
export function resultStorage(env: Env = getEnv()): Promise<ResultStorage> {
  chosen ??=
    env.RESULTS_STORAGE === "s3"
      ? import("~/modules/results/result-storage-s3.server").then(({ s3Storage, s3ConfigFromEnv }) => s3Storage(s3ConfigFromEnv(env)))
      : Promise.resolve(databaseStorage);
  return chosen;
}

/** A driver by the name stored on a file row (files stay readable after RESULTS_STORAGE changes, if both are configured). */
export async function storageNamed(name: string): Promise<ResultStorage> {
  if (name === "db") return databaseStorage;
  const current = await resultStorage();
  if (current.name !== name) throw new Error(`result storage ${name} is not configured`);
  return current;
}

/** Tests that switch RESULTS_STORAGE: choose the driver again on next use. */
export function resetResultStorageForTests() {
  chosen = undefined;
}
