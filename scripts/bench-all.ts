// Regenerates bench/RESULTS.md (issue 13): load per page kind (cached and uncached, anonymous and
// signed in, one and two processes, PostgreSQL with 100,000 tests and PGlite with the demo
// catalogue), CPU per uncached request, first-load JavaScript per public page, Lighthouse mobile,
// and the crash-test counts of bench/CRASH.md. About 15 minutes on 2 cores with the defaults.
//   npm run bench:all -- [--seconds 8] [--clients 20] [--no-build] [--skip-lighthouse] [--also-node /path/to/node]
// --also-node measures the one-process PostgreSQL load and the CPU per request again with the server
// on another Node.js binary (e.g. Node 24, the production runtime: docs/decisions/0019).
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench) is filled to 100,000 tests
// on first use (npm run bench:catalog) and reused afterwards; BUILD_DIR picks the build folder.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem, loadavg } from "node:os";
import pg from "pg";
import { cpuTable, measureCpu, nodeVersion, CUSTOMER } from "../bench/cpu";
import { machineSpeedMs } from "../bench/machine-speed";
import { fillCart, fmt, parseArgs, runLoad, signIn, startServer, warmUp, type LoadResult } from "../bench/lib";
import { lighthouseTable, runLighthouse } from "../bench/lighthouse";
import { anonymousKinds, sampleSite, signedInKinds, testIdsFromProducts, type PageKind } from "../bench/page-kinds";
import { pageWeightTable, publicPageWeights } from "../bench/page-weight";

const args = parseArgs();
const seconds = Number(args.get("seconds") ?? 8);
const clients = Number(args.get("clients") ?? 20);
const buildDir = process.env.BUILD_DIR ?? "build";
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench";
const alsoNode = args.get("also-node");
const alsoNodeVersion = alsoNode ? nodeVersion(alsoNode) : null;
const SIGNED_IN_P95_BUDGET_MS = 100;
const CATALOGUE_SIZE = 100_000;
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function run(command: string, commandArgs: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, commandArgs, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed`);
}

async function catalogueSize(): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const { rows } = await client.query<{ count: string }>("select count(*) from tests");
    return Number(rows[0].count);
  } catch {
    return 0; // not migrated yet
  } finally {
    await client.end();
  }
}

type Row = { setup: string; visitor: string; cache: string; kind: string } & LoadResult;

/** Load on every page kind of one server configuration. */
async function loadRuns(setup: string, options: { databaseUrl?: string; processes: number; node?: string }) {
  const rows: Row[] = [];
  for (const cached of [true, false]) {
    log(`${setup}: page cache ${cached ? "on" : "off"}`);
    const server = await startServer({ buildDir, databaseUrl: options.databaseUrl, processes: options.processes, pageCacheSeconds: cached ? 10 : 0, node: options.node });
    try {
      const site = await sampleSite(server.url);
      const kinds: PageKind[] = [...anonymousKinds(site)];
      let cookie: string | undefined;
      if (!cached) {
        // Signed-in pages are never cached: measured once, on the server without the page cache.
        cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
        await fillCart(server.url, cookie, await testIdsFromProducts(server.url, site.products, 3));
        kinds.push(...signedInKinds(site));
      }
      await warmUp(server.url, kinds, { clients, cookie });
      for (const { kind, urls, signedIn } of kinds) {
        const c = signedIn ? cookie : undefined;
        for (const url of urls) await fetch(server.url + url, { headers: c ? { cookie: c } : {} }).then((r) => r.arrayBuffer());
        const result = await runLoad(server.url, urls, { clients, seconds, cookie: c });
        rows.push({ setup, visitor: signedIn ? "signed in" : "anonymous", cache: signedIn ? "never" : cached ? "on" : "off", kind, ...result });
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}

function loadTable(rows: Row[]) {
  const lines = ["    page kind            visitor    cache  requests   req/s   p50 ms   p95 ms   p99 ms  errors"];
  for (const r of rows) {
    const flag = r.visitor === "signed in" && r.p95 >= SIGNED_IN_P95_BUDGET_MS ? "  (p95 over 100 ms)" : "";
    lines.push(
      `    ${r.kind.padEnd(20)} ${r.visitor.padEnd(10)} ${r.cache.padEnd(5)} ${String(r.count).padStart(9)} ${fmt(r.rps, 0).padStart(7)} ${fmt(r.p50).padStart(8)} ${fmt(r.p95).padStart(8)} ${fmt(r.p99).padStart(8)} ${String(r.errors).padStart(7)}${flag}`,
    );
  }
  return lines.join("\n");
}

function versions() {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const all = { ...pkg.dependencies, ...pkg.devDependencies };
  const names = ["react-router", "react", "express", "drizzle-orm", "@electric-sql/pglite", "pg", "better-auth", "compression", "vite", "lighthouse"];
  let postgres = "unknown";
  try {
    postgres = execFileSync("psql", [databaseUrl, "-Atc", "show server_version"], { encoding: "utf8" }).trim();
  } catch {
    // psql missing: the version stays unknown
  }
  let chromium = "unknown";
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    // no Chromium: Lighthouse is skipped anyway
  }
  return [`Node ${process.version}${alsoNodeVersion ? ` (and ${alsoNodeVersion} where named)` : ""}`, `PostgreSQL ${postgres}`, chromium, ...names.filter((name) => all[name]).map((name) => `${name} ${all[name]}`)].join(", ");
}

/** The hand-written "Before and after" section of the current file, kept across runs. */
function keptSection() {
  if (!existsSync("bench/RESULTS.md")) return null;
  const text = readFileSync("bench/RESULTS.md", "utf8");
  const start = text.indexOf("## Before and after");
  if (start < 0) return null;
  const end = text.indexOf("\n## ", start + 3);
  return text.slice(start, end < 0 ? undefined : end).trimEnd();
}

const loadBefore = loadavg()[0];
const speedBefore = machineSpeedMs();
if (!args.has("no-build")) {
  log(`building into ${buildDir}`);
  run("npx", ["react-router", "build"], { BUILD_DIR: buildDir });
}

const sections: string[] = [];
const size = await catalogueSize();
let postgresReady = size !== null;
if (size === null) log(`PostgreSQL at ${databaseUrl} is not reachable: its figures are left out`);
else if (size < CATALOGUE_SIZE) {
  log(`filling ${databaseUrl} to ${CATALOGUE_SIZE} tests (npm run bench:catalog)`);
  try {
    run("npx", ["tsx", "scripts/generate-catalog.ts", String(CATALOGUE_SIZE)], { DATABASE_URL: databaseUrl });
  } catch (error) {
    log(`could not generate the catalogue: ${(error as Error).message}`);
    postgresReady = false;
  }
}

const loadRows: Row[] = [];
if (postgresReady) {
  loadRows.push(...(await loadRuns("PostgreSQL, 1 process", { databaseUrl, processes: 1 })));
  if (alsoNode) loadRows.push(...(await loadRuns(`PostgreSQL, 1 process, Node ${alsoNodeVersion}`, { databaseUrl, processes: 1, node: alsoNode })));
  loadRows.push(...(await loadRuns("PostgreSQL, 2 processes", { databaseUrl, processes: 2 })));
}
loadRows.push(...(await loadRuns("PGlite, 1 process", { processes: 1 })));

log("CPU per uncached request");
const cpuRows = await measureCpu({ buildDir, databaseUrl: postgresReady ? databaseUrl : undefined, clients, seconds });
const alsoCpuRows = alsoNode ? await measureCpu({ buildDir, databaseUrl: postgresReady ? databaseUrl : undefined, clients, seconds, node: alsoNode }) : null;

log("first-load JavaScript and Lighthouse");
const server = await startServer({ buildDir, databaseUrl: postgresReady ? databaseUrl : undefined });
let weights: string;
let lighthouse = "";
try {
  weights = pageWeightTable(await publicPageWeights(server.url, buildDir));
  if (!args.has("skip-lighthouse")) {
    try {
      lighthouse = lighthouseTable(await runLighthouse(server.url, 3));
    } catch (error) {
      lighthouse = `    Lighthouse could not run: ${(error as Error).message}`;
    }
  }
} finally {
  await server.stop();
}

const speedAfter = machineSpeedMs();
const date = new Date().toISOString().slice(0, 16).replace("T", " ");
const cpuModel = cpus()[0]?.model ?? "unknown CPU";
sections.push(
  "# Benchmark results",
  "",
  `Generated by \`npm run bench:all\` on ${date} UTC (${((Date.now() - started) / 60000).toFixed(0)} minutes).`,
  "",
  `Machine: ${cpus().length} cores (${cpuModel}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, load average ${loadBefore.toFixed(1)} before the run; ` +
    `machine speed ${speedBefore.toFixed(2)} ms before and ${speedAfter.toFixed(2)} ms after (bench/machine-speed.ts: a fixed React render, lower is faster; this shared machine's speed changes through the day, so compare it before comparing two runs). ` +
    "The load generator (Node, on the same machine) competes with the server for the same cores, so req/s is a lower bound.",
  "",
  `Versions: ${versions()}.`,
  "",
  `Production build, PostgreSQL with ${CATALOGUE_SIZE.toLocaleString("en")} tests (about 500,000 lab offers) on the same machine; PGlite with the demo catalogue ` +
    `(it is one process: WEB_CONCURRENCY needs a database server). ${clients} concurrent clients, ${seconds} s per page kind, measured after every page kind of the run was loaded for 2 s (a warm server) and one more request per URL. ` +
    "Signed in: the demo customer with three tests in the cart; signed-in pages are never cached.",
  "",
  "## Load per page kind",
  "",
  ...[...new Set(loadRows.map((row) => row.setup))].flatMap((setup) => [`### ${setup}`, "", loadTable(loadRows.filter((row) => row.setup === setup)), ""]),
  "## CPU per uncached request",
  "",
  `${clients} clients, one process, ${postgresReady ? "PostgreSQL" : "PGlite"}, page cache off; the server's own CPU time (user + system, from /proc) divided by the requests it answered, so other load on the machine does not count. Every page kind is loaded for 2 s first (a warm server), then each for 1 s before its measured run.`,
  "",
  `### Node ${process.version}`,
  "",
  cpuTable(cpuRows),
  "",
  ...(alsoCpuRows ? [`### Node ${alsoNodeVersion}`, "", cpuTable(alsoCpuRows), ""] : []),
  "## First-load JavaScript",
  "",
  weights,
  "",
  "## Lighthouse (mobile)",
  "",
  lighthouse ? `Median of 3 runs per page (simulated slow 4G and 4x CPU slow-down), against the server above.\n\n${lighthouse}` : "    skipped",
  "",
  "## Crash test",
  "",
  existsSync("bench/CRASH.md") ? readFileSync("bench/CRASH.md", "utf8").trim() : "bench/CRASH.md is missing: run `npm run test:crash`.",
  "",
  keptSection() ?? "## Before and after\n\nNo figures recorded yet.",
  "",
);
writeFileSync("bench/RESULTS.md", sections.join("\n"));
log("bench/RESULTS.md written");
