// CPU time per uncached page render, anonymous and signed in, against the 4 ms budget (issue 13).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/cpu.ts [--build build] [--clients 20] [--seconds 6] [--pglite] [--node /path/to/node]
// Starts its own production server (one process) with the page cache off (PAGE_CACHE_SECONDS=0),
// signs in as the demo customer with a filled cart, and loads each page kind with the 20
// concurrent clients, reading the server's CPU time from /proc before and after: other load on the
// machine does not count, only what the server itself spent (rendering, queries' client side,
// compression, GC), divided by the requests it answered.
import { execFileSync } from "node:child_process";
import { cpuUnderLoad, fillCart, fmt, parseArgs, signIn, startServer, warmUp } from "./lib";
import { anonymousKinds, sampleSite, signedInKinds, testIdsFromProducts } from "./page-kinds";
import { machineSpeedMs } from "./machine-speed";

export const CPU_BUDGET_MS = 4;
export const CUSTOMER = { email: "customer@labtesthub.ae", password: "Customer#2026" };

/** The version of a Node.js binary (default: this one), e.g. "v24.21.0". */
export function nodeVersion(node?: string) {
  return node ? execFileSync(node, ["--version"], { encoding: "utf8" }).trim() : process.version;
}

export type CpuRow = { kind: string; signedIn: boolean; cpuMsPerRequest: number; rps: number; p50: number; p95: number; errors: number };

export async function measureCpu({
  buildDir,
  databaseUrl,
  clients = 20,
  seconds = 6,
  node,
}: {
  buildDir: string;
  databaseUrl?: string;
  clients?: number;
  seconds?: number;
  /** The Node.js binary that runs the server (default: this one). */
  node?: string;
}) {
  const server = await startServer({ buildDir, databaseUrl, pageCacheSeconds: 0, node });
  try {
    const site = await sampleSite(server.url);
    const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    await fillCart(server.url, cookie, await testIdsFromProducts(server.url, site.products, 3));
    const kinds = [...anonymousKinds(site), ...signedInKinds(site)];
    await warmUp(server.url, kinds, { clients, cookie });
    const rows: CpuRow[] = [];
    for (const { kind, urls, signedIn } of kinds) {
      const c = signedIn ? cookie : undefined;
      await cpuUnderLoad(server.url, server.pid, urls, { clients, seconds: 1, cookie: c }); // warm-up
      const result = await cpuUnderLoad(server.url, server.pid, urls, { clients, seconds, cookie: c });
      rows.push({ kind, signedIn: Boolean(signedIn), ...result });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export function cpuTable(rows: CpuRow[]) {
  const lines = ["    page kind                 visitor     CPU ms/request   req/s  p50 ms  p95 ms  errors  budget"];
  for (const row of rows) {
    lines.push(
      `    ${row.kind.padEnd(25)} ${(row.signedIn ? "signed in" : "anonymous").padEnd(10)} ${fmt(row.cpuMsPerRequest, 2).padStart(15)} ${fmt(row.rps, 0).padStart(7)} ${fmt(row.p50).padStart(7)} ${fmt(row.p95).padStart(7)} ${String(row.errors).padStart(7)}  ${row.cpuMsPerRequest < CPU_BUDGET_MS ? "ok" : "OVER"}`,
    );
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  };
  lines.push("");
  for (const signedIn of [false, true]) {
    const value = median(rows.filter((row) => row.signedIn === signedIn).map((row) => row.cpuMsPerRequest));
    lines.push(`    median over the ${signedIn ? "signed-in" : "anonymous"} page kinds: ${fmt(value, 2)} ms CPU per request (budget ${CPU_BUDGET_MS} ms)`);
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs();
  const buildDir = args.get("build") ?? process.env.BUILD_DIR ?? "build";
  const databaseUrl = args.has("pglite") ? undefined : (process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench");
  const clients = Number(args.get("clients") ?? 20);
  const node = args.get("node");
  const rows = await measureCpu({ buildDir, databaseUrl, clients, seconds: Number(args.get("seconds") ?? 6), node });
  console.log(`CPU per uncached request (${databaseUrl ? "PostgreSQL" : "PGlite"}, one process, page cache off, ${clients} clients, Node ${nodeVersion(node)})`);
  console.log(`machine speed after the run: ${machineSpeedMs().toFixed(2)} ms (bench/machine-speed.ts, lower is faster)\n`);
  console.log(cpuTable(rows));
}
