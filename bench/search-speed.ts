// Issue 30's speed table, side by side: this build ("after") and another checkout's ("before", e.g.
// the commit before the work), both served at once and measured in turns, so the shared machine's
// changing speed hits both.
//
//   npx tsx bench/search-speed.ts --build build [--before /path/to/other-checkout] \
//     [--database-url postgres://postgres@127.0.0.1:5432/bench_speed] \
//     [--before-database-url postgres://postgres@127.0.0.1:5432/bench_speed_before] \
//     [--seconds 6] [--clients 20] [--processes 1] [--skip-pglite] [--skip-postgres] [--node /path/to/node]
//
// It starts its own production servers (PostgreSQL: the given databases, filled to 100,000 tests by
// `npm run bench:catalog`; PGlite: a fresh folder with the demo catalogue each) and prints:
// - the signed-in/anonymous ratio: req/s of the signed-in product and search pages against the
//   cached anonymous pages' (page cache on);
// - uncached search (page cache off), anonymous and signed in: one word, three words, an Arabic
//   word and a typo, at 20 clients on PostgreSQL and alone (1 client) on PGlite; "after" twice,
//   with the shared data warm (DATA_CACHE_SECONDS default) and cold (DATA_CACHE_SECONDS=0: every
//   request computes its search, as "before" does);
// - /api/suggest at 20 clients (after only; cold as above too).
// `--processes N` serves PostgreSQL with N processes (WEB_CONCURRENCY); PGlite is always one.
// `--node` runs the servers on that Node.js binary (production runs Node 24: decision 0019).
// The machine-speed figure (bench/machine-speed.ts) is printed before and after.
import { CUSTOMER, nodeVersion } from "./cpu";
import { cpuMillis, fillCart, fmt, parseArgs, runLoad, signIn, startServer, warmUp, type BenchServer, type LoadResult } from "./lib";
import { machineSpeedMs } from "./machine-speed";
import { sampleSite, testIdsFromProducts } from "./page-kinds";
import { SEARCH_KINDS, SUGGEST_URLS } from "./search-kinds";

const args = parseArgs();
const buildDir = args.get("build") ?? "build";
const beforeDir = args.get("before");
const databaseUrl = args.get("database-url") ?? "postgres://postgres@127.0.0.1:5432/bench_speed";
const beforeDatabaseUrl = args.get("before-database-url") ?? "postgres://postgres@127.0.0.1:5432/bench_speed_before";
const seconds = Number(args.get("seconds") ?? 6);
const clients = Number(args.get("clients") ?? 20);
const processes = Number(args.get("processes") ?? 1);
const node = args.get("node");

const QUERIES = ["vitamin d", "thyroid", "ferritin", "lipid profile", "hba1c", "cholesterol", "allergy panel", "iron"];

type Side = { label: string; server: BenchServer; cookie: string; products: string[] };

async function prepare(label: string, server: BenchServer): Promise<Side> {
  const site = await sampleSite(server.url);
  const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
  await fillCart(server.url, cookie, await testIdsFromProducts(server.url, site.products, 3));
  return { label, server, cookie, products: site.products.map((slug) => `/product/${slug}`) };
}

type Measured = LoadResult & { cpuMsPerRequest: number };

/**
 * One measured run: every URL once first, then `clients` clients for `seconds`; with the server's
 * own CPU time per request (from /proc), which other load on the machine hardly changes.
 */
async function measure(side: Side, urls: string[], options: { signedIn?: boolean; clients?: number; seconds?: number } = {}): Promise<Measured> {
  const cookie = options.signedIn ? side.cookie : undefined;
  for (const url of urls) await fetch(side.server.url + url, { headers: cookie ? { cookie } : {} }).then((r) => r.arrayBuffer());
  const cpuBefore = cpuMillis(side.server.pid);
  const result = await runLoad(side.server.url, urls, { clients: options.clients ?? clients, seconds: options.seconds ?? seconds, cookie });
  return { ...result, cpuMsPerRequest: (cpuMillis(side.server.pid) - cpuBefore) / result.count };
}

const row = (cells: string[], widths: number[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(" ");
const figures = (r: Measured | undefined) =>
  r ? `${fmt(r.rps, 0)} req/s p95 ${fmt(r.p95)} cpu ${fmt(r.cpuMsPerRequest, 2)}${r.errors ? ` (${r.errors} errors)` : ""}` : "-";

/** The signed-in product and search pages against the cached anonymous ones, on each side. */
async function ratioTable(title: string, sides: Side[]) {
  console.log(`\n### ${title}: signed-in pages against cached anonymous pages (page cache on), ${clients} clients, ${seconds} s each\n`);
  console.log(`machine speed: ${machineSpeedMs().toFixed(2)} ms\n`);
  const widths = [28, 38, 38];
  console.log(row(["page kind", ...sides.map((s) => s.label)], widths));
  const search = QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`);
  const results = new Map<string, Measured>();
  const kinds = [
    { kind: "product, anonymous (cached)", urls: (s: Side) => s.products, signedIn: false },
    { kind: "product, signed in", urls: (s: Side) => s.products, signedIn: true },
    { kind: "search q, anonymous (cached)", urls: () => search, signedIn: false },
    { kind: "search q, signed in", urls: () => search, signedIn: true },
  ];
  for (const [index, { kind, urls, signedIn }] of kinds.entries()) {
    // Taking turns: the side measured first alternates from row to row.
    const order = index % 2 ? [...sides].reverse() : sides;
    for (const side of order) results.set(`${side.label}|${kind}`, await measure(side, urls(side), { signedIn }));
    console.log(row([kind, ...sides.map((s) => figures(results.get(`${s.label}|${kind}`)))], widths));
  }
  for (const page of ["product", "search q"]) {
    const ratios = sides.map((s) => {
      const signed = results.get(`${s.label}|${page}, signed in`)!;
      const anonymous = results.get(`${s.label}|${page}, anonymous (cached)`)!;
      return fmt(signed.rps / anonymous.rps, 2);
    });
    console.log(row([`ratio, ${page}`, ...ratios], widths));
    // At saturation on one core req/s is about 1 / CPU per request: the same ratio, less sensitive to other load.
    const byCpu = sides.map((s) => {
      const signed = results.get(`${s.label}|${page}, signed in`)!;
      const anonymous = results.get(`${s.label}|${page}, anonymous (cached)`)!;
      return fmt(anonymous.cpuMsPerRequest / signed.cpuMsPerRequest, 2);
    });
    console.log(row([`CPU ratio, ${page}`, ...byCpu], widths));
  }
}

/** Uncached search pages (page cache off) per kind, anonymous and signed in. */
async function searchTable(title: string, sides: Side[], options: { clients: number; seconds: number }) {
  console.log(`\n### ${title}: uncached search pages (page cache off), ${options.clients} client(s), ${options.seconds} s each\n`);
  console.log(`machine speed: ${machineSpeedMs().toFixed(2)} ms\n`);
  const widths = [26, ...sides.map(() => 38)];
  console.log(row(["search", ...sides.map((s) => s.label)], widths));
  // Servers that have served a while: measured right after start-up, the first row paid for
  // compiling the code every search page shares (up to a third more CPU per request).
  for (const side of sides) {
    await warmUp(side.server.url, SEARCH_KINDS, { clients: options.clients });
    await warmUp(side.server.url, SEARCH_KINDS.map((kind) => ({ ...kind, signedIn: true })), { clients: options.clients, cookie: side.cookie });
  }
  for (const [index, { kind, urls }] of SEARCH_KINDS.entries()) {
    for (const signedIn of [false, true]) {
      const order = (index + Number(signedIn)) % 2 ? [...sides].reverse() : sides;
      const results = new Map<string, Measured>();
      for (const side of order) results.set(side.label, await measure(side, urls, { signedIn, ...options }));
      console.log(row([`${kind}, ${signedIn ? "signed in" : "anonymous"}`, ...sides.map((s) => figures(results.get(s.label)))], widths));
    }
  }
}

async function suggestTable(sides: Side[]) {
  console.log(`\n### /api/suggest, ${clients} clients, ${seconds} s each (${SUGGEST_URLS.length} texts, English and Arabic)\n`);
  console.log(`machine speed: ${machineSpeedMs().toFixed(2)} ms\n`);
  const widths = [26, ...sides.map(() => 38)];
  console.log(row(["", ...sides.map((s) => s.label)], widths));
  const results = new Map<string, Measured>();
  for (const side of sides) results.set(side.label, await measure(side, SUGGEST_URLS));
  console.log(row(["suggestions", ...sides.map((s) => figures(results.get(s.label)))], widths));
}

async function withServers<T>(configs: { label: string; cwd?: string; databaseUrl?: string; env: Record<string, string>; pageCacheSeconds: number }[], run: (sides: Side[]) => Promise<T>) {
  const servers: BenchServer[] = [];
  try {
    for (const config of configs) {
      const cwd = config.cwd;
      servers.push(
        await startServer({
          buildDir: cwd ? "build" : buildDir,
          cwd,
          databaseUrl: config.databaseUrl,
          pageCacheSeconds: config.pageCacheSeconds,
          env: config.env,
          processes: config.databaseUrl ? processes : 1,
          node,
        }),
      );
    }
    const sides = await Promise.all(servers.map((server, i) => prepare(configs[i].label, server)));
    return await run(sides);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

console.log(`# Issue 30 speed, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`);
console.log(`machine speed before: ${machineSpeedMs().toFixed(2)} ms (bench/machine-speed.ts, lower is faster)`);
console.log(`servers on Node ${nodeVersion(node)}`);

for (const driver of ["PostgreSQL", "PGlite"] as const) {
  if (driver === "PostgreSQL" && args.has("skip-postgres")) continue;
  if (driver === "PGlite" && args.has("skip-pglite")) continue;
  const pg = driver === "PostgreSQL";
  const before = (pageCacheSeconds: number) =>
    beforeDir ? [{ label: "before", cwd: beforeDir, databaseUrl: pg ? beforeDatabaseUrl : undefined, env: {} as Record<string, string>, pageCacheSeconds }] : [];
  const after = (pageCacheSeconds: number, cold = false): { label: string; databaseUrl?: string; env: Record<string, string>; pageCacheSeconds: number } => ({
    label: cold ? "after, cold" : "after",
    databaseUrl: pg ? databaseUrl : undefined,
    env: cold ? { DATA_CACHE_SECONDS: "0" } : {},
    pageCacheSeconds,
  });
  const where = pg ? `PostgreSQL, 100,000 tests, ${processes} process${processes > 1 ? "es" : ""}` : "PGlite, demo catalogue";
  await withServers([...before(10), after(10)], (sides) => ratioTable(where, sides));
  await withServers([...before(0), after(0), after(0, true)], async (sides) => {
    await searchTable(where, sides, pg ? { clients, seconds } : { clients: 1, seconds: 3 });
    if (pg) await suggestTable(sides.filter((side) => side.label !== "before"));
  });
}

console.log(`\nmachine speed after: ${machineSpeedMs().toFixed(2)} ms`);
