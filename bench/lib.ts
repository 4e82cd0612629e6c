// Shared pieces of the benchmarks: arguments, starting a production server, signing in, load
// generation with latency percentiles, and the CPU time a server process (and its workers) used.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

export function parseArgs(argv = process.argv.slice(2)) {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("--")) args.set(key, "true");
    else {
      args.set(key, value);
      i++;
    }
  }
  return args;
}

export function assertLocal(base: string) {
  const host = new URL(base).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    console.error("Only local servers are benchmarked (127.0.0.1 or localhost).");
    process.exit(2);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type BenchServer = { url: string; pid: number; child: ChildProcess; stop: () => Promise<void>; log: () => string };

export type ServerOptions = {
  buildDir: string;
  /** PostgreSQL URL; unset: a fresh embedded PGlite folder (demo catalogue) removed afterwards. */
  databaseUrl?: string;
  pageCacheSeconds?: number;
  /** Server processes (WEB_CONCURRENCY); only honoured with a database server. */
  processes?: number;
  /** The Node.js binary that runs the server (default: the one running this script). */
  node?: string;
  /** Extra node options, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/x"]. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** Another checkout to run (its server/index.js and build), e.g. for before/after comparisons. */
  cwd?: string;
};

/** The Node.js flags `npm run serve` starts the server with (package.json's script; decision 0085). */
export const SERVER_NODE_FLAGS: string[] =
  (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts.serve as string).match(/(?<= )--[\w-]+(?:=\S+)?/g) ?? [];

/** Starts `node server/index.js` in production mode and waits until /readyz answers 200. */
export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.databaseUrl ? undefined : mkdtempSync(join(tmpdir(), "bench-pglite-"));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    BUILD_DIR: options.buildDir,
    PORT: String(port),
    SITE_URL: url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    RESULTS_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    PAGE_CACHE_SECONDS: String(options.pageCacheSeconds ?? 10),
    WEB_CONCURRENCY: String(options.processes ?? 1),
    LOG_LEVEL: "warn",
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir!;
  }
  const child = spawn(options.node ?? process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), "server/index.js"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    cwd: options.cwd,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become ready within 180 s:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    child,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The cookies of a Set-Cookie list as one Cookie header (deleted ones left out). */
function cookieHeader(setCookies: string[], previous = "") {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const line of setCookies) {
    const pair = line.split(";")[0];
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Signs in through the site's own form and returns the Cookie header of the session. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const body = new URLSearchParams({ intent: "sign-in", email, password });
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
  });
  const cookie = cookieHeader(response.headers.getSetCookie());
  if (!/better-auth\.session_token/.test(cookie)) throw new Error(`Sign-in as ${email} failed (${response.status})`);
  return cookie;
}

/** Empties the signed-in user's cart (a rerun on the same database starts from nothing), then puts these tests in it. */
export async function fillCart(base: string, cookie: string, testIds: string[]) {
  const cleared = await fetch(`${base}/api/cart`, {
    method: "POST",
    body: JSON.stringify({ intent: "clear" }),
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
  });
  if (!cleared.ok) throw new Error(`Clearing the cart failed (${cleared.status})`);
  for (const testId of testIds) {
    const response = await fetch(`${base}/api/cart`, {
      method: "POST",
      body: JSON.stringify({ intent: "add", testId, quantity: 1 }),
      headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
    });
    if (!response.ok) throw new Error(`Adding ${testId} to the cart failed (${response.status})`);
  }
}

/**
 * What Chrome and Firefox send, so pages are compressed as for the site's visitors (brotli; gzip
 * before 2026-12-07, which only tools such as curl ask for alone).
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export type LoadResult = { count: number; errors: number; rps: number; p50: number; p95: number; p99: number };

/** One GET over a kept-alive connection; resolves with the status once the body has been read (not decoded). */
function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent, headers }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * `clients` concurrent clients request `urls` in turn for `seconds`, each over its own kept-alive
 * connection, with a browser's Accept-Encoding. The bodies are read but not decompressed: the
 * load generator shares the machine's two cores with the server, and fetch (undici), which
 * decompresses, cost about 1 ms of CPU per request, a quarter of what the server spends.
 */
export async function runLoad(
  base: string,
  urls: string[],
  { clients, seconds, cookie }: { clients: number; seconds: number; cookie?: string },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const headers: Record<string, string> = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  if (cookie) headers.cookie = cookie;
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          const url = new URL(urls[next++ % urls.length], base);
          const t0 = performance.now();
          try {
            if ((await get(agent, url, headers)) >= 300) errors++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { count: latencies.length, errors, rps: latencies.length / elapsed, p50: at(50), p95: at(95), p99: at(99) };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** This process and its descendants (cluster workers). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const tasks = `/proc/${pids[i]}/task`;
    if (!existsSync(tasks)) continue;
    for (const task of readdirSync(tasks)) {
      const children = join(tasks, task, "children");
      if (!existsSync(children)) continue;
      for (const child of readFileSync(children, "utf8").split(/\s+/).filter(Boolean)) pids.push(Number(child));
    }
  }
  return pids;
}

/** CPU milliseconds (user + system) used so far by a server process and its workers. */
export function cpuMillis(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // exited meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time per request of one page kind: one client requests the URLs in turn `rounds` times
 * (after a warm-up round); the server's own CPU time (from /proc, so other load on the machine
 * does not count) divided by the number of requests. Also gives the median latency.
 */
export async function cpuPerRequest(base: string, pid: number, urls: string[], { requests, cookie }: { requests: number; cookie?: string }) {
  const headers: Record<string, string> = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  if (cookie) headers.cookie = cookie;
  const get = async (url: string) => {
    const response = await fetch(base + url, { headers, redirect: "manual" });
    await response.arrayBuffer();
    return response.status;
  };
  for (const url of urls) await get(url);
  let errors = 0;
  const latencies: number[] = [];
  const before = cpuMillis(pid);
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    if ((await get(urls[i % urls.length])) >= 300) errors++;
    latencies.push(performance.now() - t0);
  }
  const cpu = cpuMillis(pid) - before;
  latencies.sort((a, b) => a - b);
  return { cpuMsPerRequest: cpu / requests, p50: latencies[Math.floor(latencies.length / 2)], errors };
}

/**
 * CPU time per request under load: `clients` concurrent clients for `seconds` (the issue's
 * conditions: 20 clients, one server process), the server's own CPU time from /proc divided by the
 * requests answered, with the latencies of the same run.
 */
export async function cpuUnderLoad(
  base: string,
  pid: number,
  urls: string[],
  options: { clients: number; seconds: number; cookie?: string },
): Promise<LoadResult & { cpuMsPerRequest: number }> {
  const before = cpuMillis(pid);
  const result = await runLoad(base, urls, options);
  return { ...result, cpuMsPerRequest: (cpuMillis(pid) - before) / result.count };
}

/**
 * Loads every page kind for a while before anything is measured, as a server that has been up for a
 * while has been: measured right after start-up, a page pays for compiling and optimising the code
 * every page shares (the layout, the request handling), which made the first kind measured look up
 * to half as dear again as it is.
 */
export async function warmUp(base: string, kinds: { urls: string[]; signedIn?: boolean }[], { clients, cookie }: { clients: number; cookie?: string }) {
  for (const { urls, signedIn } of kinds) await runLoad(base, urls, { clients, seconds: 2, cookie: signedIn ? cookie : undefined });
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
