// WEB_CONCURRENCY=N: N server processes sharing one port through node:cluster (docs/decisions/0014).
// The primary only supervises: it starts the workers, prints the start-up banner once, replaces a
// worker that died (within a limit) and passes SIGTERM on for a graceful shutdown.
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";

/** A replacement worker is started at most this many times within RESTART_WINDOW_MS. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** Workers get this long to finish their requests after SIGTERM (each forces itself after 10 s). */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * How many processes to run, from WEB_CONCURRENCY (default 1). The embedded database is one
 * connection inside one process, so without DATABASE_URL (or under the Vite dev server) it is 1.
 */
export function workerCount(env = process.env) {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) {
    throw new Error(`Invalid environment configuration:\n  WEB_CONCURRENCY: a whole number from 1 to 64, got "${raw}"`);
  }
  const wanted = Number(raw);
  if (wanted === 1) return 1;
  if (!env.DATABASE_URL) {
    console.warn(
      `WEB_CONCURRENCY=${wanted} ignored: the embedded database (PGlite) is one connection inside one process, ` +
        `so the server runs as one process. Set DATABASE_URL to a PostgreSQL server to run several.`,
    );
    return 1;
  }
  if (env.NODE_ENV !== "production") {
    console.warn(`WEB_CONCURRENCY=${wanted} ignored: the development server runs as one process.`);
    return 1;
  }
  return wanted;
}

/** In a worker: hands the start-up banner to the primary, which prints it once for all workers. */
export function announce(text) {
  if (cluster.isWorker) process.send?.({ type: "labtest:banner", text });
  else console.log(text);
}

/** Runs the primary: starts `count` workers (this same script) and supervises them until SIGTERM. */
export function runPrimary(count) {
  let stopping = false;
  let exitCode = 0;
  let bannerShown = false;
  let everListening = false;
  const restarts = [];

  for (let i = 0; i < count; i++) cluster.fork();

  // A scrape of /metrics reaches one worker, which asks here for every worker's figures (decision 0071).
  const metrics = new AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== "labtest:metrics-request") return;
    metrics.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: "labtest:metrics", id: message.id, text }),
      (error) => worker.isConnected() && worker.send({ type: "labtest:metrics", id: message.id, error: String(error?.message ?? error) }),
    );
  });
  // The banner once every process serves: "running" with N processes means N answer (on a slow
  // machine the last may start seconds after the first).
  let announced = 0;
  cluster.on("message", (_worker, message) => {
    if (message?.type !== "labtest:banner" || bannerShown || ++announced < count) return;
    bannerShown = true;
    console.log(message.text.replace(/\n*$/, `\n  (${count} processes, supervisor pid ${process.pid})\n`));
  });
  /** Replacement workers, by the pid of the one each replaces. */
  const replacing = new Map();
  cluster.on("listening", (worker) => {
    everListening = true;
    if (!replacing.has(worker)) return;
    console.log(`Server process ${worker.process.pid} is serving in place of ${replacing.get(worker)}.`);
    replacing.delete(worker);
  });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const reason = signal ? `signal ${signal}` : `code ${code}`;
    if (!everListening) {
      // It failed before serving anything (a wrong setting, an unreachable database): another
      // attempt would fail the same way. Its own message said why.
      console.error(`A server process exited during start-up (${reason}): stopping.`);
      stopAll(1);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      console.error(
        `Server process ${worker.process.pid} exited (${reason}); ${MAX_RESTARTS} restarts within ` +
          `${RESTART_WINDOW_MS / 1000} s already: stopping.`,
      );
      stopAll(1);
      return;
    }
    restarts.push(now);
    console.error(`Server process ${worker.process.pid} exited (${reason}): starting a new one.`);
    replacing.set(cluster.fork(), worker.process.pid);
  });

  function stopAll(code) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill("SIGTERM");
    const force = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
  }

  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      console.log(`${signal} received: stopping ${Object.keys(cluster.workers ?? {}).length} server processes`);
      stopAll(0);
    });
  }
}
