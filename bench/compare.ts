// Before/after CPU per uncached request of two builds, measured side by side: both servers run
// at once on the same database and take turns page kind by page kind, so whatever else the
// machine is doing weighs on both alike.
//   DATABASE_URL=postgres://... npx tsx bench/compare.ts --before /path/to/other/checkout [--before-build build] [--build build] [--requests 200] [--rounds 3] [--only regex] [--node /path/to/node]
//     [--clients 20 --seconds 4]: under load (that many concurrent clients for that long per turn) instead of one request at a time
import { cpuPerRequest, cpuUnderLoad, fillCart, fmt, parseArgs, signIn, startServer, type BenchServer } from "./lib";
import { anonymousKinds, sampleSite, signedInKinds, testIdsFromProducts } from "./page-kinds";
import { CUSTOMER } from "./cpu";

const args = parseArgs();
const databaseUrl = args.has("pglite") ? undefined : (process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench");
const requests = Number(args.get("requests") ?? 200);
const rounds = Number(args.get("rounds") ?? 3);
const node = args.get("node");
const clients = args.has("clients") ? Number(args.get("clients")) : null;
const seconds = Number(args.get("seconds") ?? 4);
const only = args.has("only") ? new RegExp(args.get("only")!) : null;
if (!args.has("before")) {
  console.error("--before <checkout with a build> is required");
  process.exit(2);
}

const servers: BenchServer[] = [];
try {
  const before = await startServer({ cwd: args.get("before"), buildDir: args.get("before-build") ?? "build", databaseUrl, pageCacheSeconds: 0, node });
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
  console.log("    page kind                 visitor      before    after   change");
  for (const { kind, urls, signedIn } of kinds) {
    const results: number[][] = [[], []];
    for (let round = 0; round < rounds; round++) {
      for (const i of round % 2 ? [1, 0] : [0, 1]) {
        const cookie = signedIn ? cookies[i] : undefined;
        const r = clients
          ? await cpuUnderLoad(servers[i].url, servers[i].pid, urls, { clients, seconds, cookie })
          : await cpuPerRequest(servers[i].url, servers[i].pid, urls, { requests, cookie });
        results[i].push(r.cpuMsPerRequest);
      }
    }
    const [b, a] = results.map((list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]);
    console.log(`    ${kind.padEnd(25)} ${(signedIn ? "signed in" : "anonymous").padEnd(10)} ${fmt(b, 2).padStart(8)} ${fmt(a, 2).padStart(8)} ${`${fmt((100 * (a - b)) / b, 0)} %`.padStart(8)}`);
  }
} finally {
  for (const server of servers) await server.stop();
}
