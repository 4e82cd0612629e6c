import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import pg from "pg";

/** The server where the test databases are created; each run makes its own and drops it. */
export const ADMIN_DATABASE_URL = process.env.SCALE_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** What every app process of the scale test shares (a production server on PostgreSQL). */
export function serverEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: "scale-test-secret-scale-test-secret-0123456789",
    RESULTS_ENCRYPTION_KEY: "5ca1e7e5".repeat(8),
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    JOB_POLL_INTERVAL_MS: "100",
    WEBHOOK_ALLOW_PRIVATE: "true",
    // Far longer than the 1 s an edit may take to reach another process: only the change feed can.
    PAGE_CACHE_SECONDS: "60",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    // Each process answers on its own address (no balancer in front): startServer sets SITE_URL to it.
    SITE_URL: "",
    WEB_CONCURRENCY: "",
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type RunningServer = {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function startServer(name: string, port: number, env: NodeJS.ProcessEnv): RunningServer {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server/index.js"], {
    // Production on PostgreSQL needs the site's address; each process here is a site of its own.
    env: { ...env, PORT: String(port), SITE_URL: env.SITE_URL || url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk.toString().replace(/^(?=.)/gm, `[${name}] `));
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { name, url, child, output: () => output, exited };
}

export async function waitUntilReady(server: RunningServer, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = false;
  void server.exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`${server.name} exited during start-up:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.name} was not ready within ${timeoutMs / 1000} s:\n${server.output()}`);
}

/** SIGTERM, then the exit it leads to (SIGKILL after the grace period). */
export async function stopServer(server: RunningServer, graceMs = 20_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), graceMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

export async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
