// Before/after CPU per uncached request of two builds, measured side by side: both servers run
// at once on the same database and take turns page kind by page kind, so whatever else the
// machine is doing weighs on both alike.
//   DATABASE_URL=postgres://... npx tsx bench/compare.ts --before /path/to/other/checkout [--before-build build] [--build build] [--requests 200] [--rounds 3] [--only regex] [--node /path/to/node] [--before-node /path/to/node]
//     [--clients 20 --seconds 4]: under load (that many concurrent clients for that long per turn) instead of one request at a time
import { cpuPerRequest, cpuUnderLoad, fillCart, fmt, parseArgs, signIn, startServer, type BenchServer } from "./lib";
import { anonymousKinds, sampleSite, signedInKinds, testIdsFromProducts } from "./page-kinds";
import { CUSTOMER } from "./cpu";

const args = parseArgs();
const databaseUrl = args.has("pglite") ? undefined : (process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench");
const requests = Number(args.get("requests") ?? 200);
const rounds = Number(args.get("rounds") ?? 3);
const node = args.get("node");
const beforeNode = args.get("before-node") ?? node;
const clients = args.has("clients") ? Number(args.get("clients")) : null;
const seconds = Number(args.get("seconds") ?? 4);
const only = args.has("only") ? new RegExp(args.get("only")!) : null;
if (!args.has("before")) {
  console.error("--before <checkout with a build> is required");
  process.exit(2);
}

const servers: BenchServer[] = [];
try {
  const before = await startServer({ cwd: args.get("before"), buildDir: args.get("before-build") ?? "build", databaseUrl, pageCacheSeconds: 0, node: beforeNode });
  servers.push(before);
  const after = await startServer({ buildDir: args.get("build") ?? process.env.BUILD_DIR ?? "build", databaseUrl, pageCacheSeconds: 0, node });
  servers.push(after);
  const site = await sampleSite(after.url);
  const cookies = [];
  for (const server of servers) {
    const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    cookies.push(cookie);
  }
  await fillCart(after.url, cookies[1], await testIdsFromProducts(after.url, site.products, 3));
  const kinds = [...anonymousKinds(site), ...signedInKinds(site)].filter(({ kind, signedIn }) => !only || only.test(`${signedIn ? "signed-in " : ""}${kind}`));
  const turn = clients ? `${seconds} s of ${clients} concurrent clients` : `${requests} requests one at a time`;
  console.log(`CPU ms per uncached request, ${databaseUrl ? "PostgreSQL" : "PGlite"}, median of ${rounds} alternating rounds of ${turn}\n`);
  // Under load the p95 latency of each side is given too (median of the rounds): it follows the
  // event loop's busy time, which work moved to other threads (compression, say) no longer adds to.
  // The lowest round of each side too: on a busy machine other work only ever adds to a round.
  console.log(`    page kind                 visitor      before    after   change   lowest before    after${clients ? "   p95 before    after" : ""}`);
  const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)];
  for (const { kind, urls, signedIn } of kinds) {
    const cpu: number[][] = [[], []];
    const p95: number[][] = [[], []];
    for (let round = 0; round < rounds; round++) {
      for (const i of round % 2 ? [1, 0] : [0, 1]) {
        const cookie = signedIn ? cookies[i] : undefined;
        if (clients) {
          const r = await cpuUnderLoad(servers[i].url, servers[i].pid, urls, { clients, seconds, cookie });
          cpu[i].push(r.cpuMsPerRequest);
          p95[i].push(r.p95);
        } else {
          cpu[i].push((await cpuPerRequest(servers[i].url, servers[i].pid, urls, { requests, cookie })).cpuMsPerRequest);
        }
      }
    }
    const [b, a] = cpu.map(median);
    const [lowestBefore, lowestAfter] = cpu.map((list) => Math.min(...list));
    const latency = clients ? `${`${fmt(median(p95[0]), 0)} ms`.padStart(13)} ${`${fmt(median(p95[1]), 0)} ms`.padStart(8)}` : "";
    console.log(`    ${kind.padEnd(25)} ${(signedIn ? "signed in" : "anonymous").padEnd(10)} ${fmt(b, 2).padStart(8)} ${fmt(a, 2).padStart(8)} ${`${fmt((100 * (a - b)) / b, 0)} %`.padStart(8)} ${fmt(lowestBefore, 2).padStart(15)} ${fmt(lowestAfter, 2).padStart(8)}${latency}`);
  }
} finally {
  for (const server of servers) await server.stop();
}
