// Tells every app process that shared data changed, so per-process caches (rendered pages,
// settings) drop what they hold. PostgreSQL LISTEN/NOTIFY: on a database server each process keeps
// one dedicated connection listening; on PGlite (one process) the embedded database delivers its
// own notifications. See docs/decisions/0014-many-processes.md.
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Executor } from "~/db/client.server";
import { getConnection } from "~/db/db.server";
import { logger } from "~/utils/logger.server";

/**
 * pages: a write that may change a public page (an order, a booking, a payment); catalog: a
 * back-office write (tests, offers, labs, categories: every public page and the shared catalogue
 * data, app/utils/shared-data.server.ts); settings; sessions.
 */
export type ChangeTopic = "pages" | "catalog" | "settings" | "sessions";

const CHANNEL = "labtest_changes";
const TOPICS: readonly ChangeTopic[] = ["pages", "catalog", "settings", "sessions"];
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 30_000;

// On globalThis so that a module reloaded in development shares the listeners of the running feed.
const holder = globalThis as { __labTestChangeListeners?: Map<ChangeTopic, Set<() => void>> };
const listeners = (holder.__labTestChangeListeners ??= new Map(TOPICS.map((topic) => [topic, new Set()])));

/** pg_notify in the caller's transaction/executor: delivered to every process at commit. */
export async function publishChange(executor: Executor, topic: ChangeTopic): Promise<void> {
  await executor.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
}

/**
 * After a committed change that per-process caches hold: tells every process. A failure is logged
 * with what it means (`lateness`: how soon the other processes catch up anyway), never thrown, as
 * the change itself is saved.
 */
export async function announceChange(topic: ChangeTopic, lateness: string): Promise<void> {
  try {
    await publishChange(getConnection().db, topic);
  } catch (error) {
    logger.warn({ err: error, topic }, `could not tell the other processes of a change: they catch up ${lateness}`);
  }
}

/** Local listener, called for changes from every process incl. this one. Returns unsubscribe. */
export function onChange(topic: ChangeTopic, listener: () => void): () => void {
  const set = listeners.get(topic)!;
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

function dispatch(topic: ChangeTopic) {
  for (const listener of listeners.get(topic) ?? []) {
    try {
      listener();
    } catch (error) {
      logger.error({ err: error, topic }, "change listener failed");
    }
  }
}

function onNotification(payload: string | undefined) {
  const topic = TOPICS.find((known) => known === payload);
  if (topic) dispatch(topic);
}

/** Whether this process's change feed is listening now (the /metrics gauge labtest_change_feed_connected). */
let feedConnected = false;
export function changeFeedConnected() {
  return feedConnected;
}

/**
 * Starts listening (called once at start-up by server/app.ts start()); returns stop().
 * While the listening connection is down, notifications are lost: when it is back, every listener
 * is called once, as if everything had changed.
 */
export async function startChangeFeed(): Promise<() => Promise<void>> {
  const connection = getConnection();
  if (connection.driver === "pglite") {
    const client = (connection.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(CHANNEL, onNotification);
    feedConnected = true;
    return async () => {
      feedConnected = false;
      await unlisten().catch(() => {});
    };
  }
  const pool = (connection.db as unknown as { $client: pg.Pool }).$client;
  return listenOnServer(pool.options);
}

async function listenOnServer(options: pg.ClientConfig): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  async function connect(afterOutage: boolean) {
    retryTimer = undefined;
    const next = new pg.Client({ ...options, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (client === next) {
        client = undefined;
        feedConnected = false;
      }
      if (stopped) return;
      logger.warn({ err: error }, "change feed connection lost: reconnecting");
      scheduleReconnect();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    next.on("notification", (message) => {
      if (message.channel === CHANNEL) onNotification(message.payload);
    });
    client = next;
    feedConnected = true;
    failures = 0;
    if (afterOutage) {
      logger.info("change feed reconnected");
      for (const topic of TOPICS) dispatch(topic);
    }
  }

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    retryTimer = setTimeout(() => void connect(true), delay);
    retryTimer.unref();
  }

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    feedConnected = false;
    await current?.end().catch(() => {});
  };
}
