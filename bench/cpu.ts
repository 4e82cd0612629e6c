// CPU time per uncached page render, anonymous and signed in, against the 4 ms budget (issue 13).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/cpu.ts [--build build] [--requests 300] [--pglite]
// Starts its own production server with the page cache off (PAGE_CACHE_SECONDS=0), signs in as
// the demo customer with a filled cart, and for each page kind sends requests one at a time,
// reading the server's CPU time from /proc before and after: other load on the machine does not
// count, only what the server itself spent (rendering, queries' client side, compression, GC).
import { cpuPerRequest, fillCart, fmt, parseArgs, signIn, startServer } from "./lib";
import { anonymousKinds, sampleSite, signedInKinds, testIdsFromProducts } from "./page-kinds";

export const CPU_BUDGET_MS = 4;
export const CUSTOMER = { email: "customer@labtesthub.ae", password: "Customer#2026" };

export type CpuRow = { kind: string; signedIn: boolean; cpuMsPerRequest: number; p50: number; errors: number };

export async function measureCpu({ buildDir, databaseUrl, requests }: { buildDir: string; databaseUrl?: string; requests: number }) {
  const server = await startServer({ buildDir, databaseUrl, pageCacheSeconds: 0 });
  try {
    const site = await sampleSite(server.url);
    const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    await fillCart(server.url, cookie, await testIdsFromProducts(server.url, site.products, 3));
    const rows: CpuRow[] = [];
    for (const { kind, urls, signedIn } of [...anonymousKinds(site), ...signedInKinds(site)]) {
      const result = await cpuPerRequest(server.url, server.pid, urls, { requests, cookie: signedIn ? cookie : undefined });
      rows.push({ kind, signedIn: Boolean(signedIn), ...result });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export function cpuTable(rows: CpuRow[]) {
  const lines = ["    page kind                 visitor     CPU ms/request  p50 ms  errors  budget"];
  for (const row of rows) {
    lines.push(
      `    ${row.kind.padEnd(25)} ${(row.signedIn ? "signed in" : "anonymous").padEnd(10)} ${fmt(row.cpuMsPerRequest, 2).padStart(15)} ${fmt(row.p50).padStart(7)} ${String(row.errors).padStart(7)}  ${row.cpuMsPerRequest < CPU_BUDGET_MS ? "ok" : "OVER"}`,
    );
  }
  const sorted = rows.map((row) => row.cpuMsPerRequest).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  lines.push("", `    median over the page kinds: ${fmt(median, 2)} ms CPU per request (budget ${CPU_BUDGET_MS} ms)`);
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs();
  const buildDir = args.get("build") ?? process.env.BUILD_DIR ?? "build";
  const databaseUrl = args.has("pglite") ? undefined : (process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench");
  const rows = await measureCpu({ buildDir, databaseUrl, requests: Number(args.get("requests") ?? 300) });
  console.log(`CPU per uncached request (${databaseUrl ? "PostgreSQL" : "PGlite"}, page cache off, one client)\n`);
  console.log(cpuTable(rows));
}
