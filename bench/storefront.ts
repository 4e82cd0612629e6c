// Load benchmark of the storefront pages against a RUNNING server (it starts nothing itself).
//
//   createdb -h 127.0.0.1 -U postgres bench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx scripts/generate-catalog.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench BETTER_AUTH_SECRET=<32+ chars> PORT=3901 npm start
//   npx tsx bench/storefront.ts [--url http://127.0.0.1:3901] [--seconds 10] [--clients 20] [--only "lab|filter"]
//
// For each page kind, 20 concurrent clients request its URLs in turn for N seconds; it prints
// p50/p95/p99 latency and requests per second against the 50 ms p95 budget (issue 3).
import { performance } from "node:perf_hooks";
import pg from "pg";
import { SORT_OPTIONS } from "~/modules/catalog/search-params";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const base = (args.get("url") ?? "http://127.0.0.1:3901").replace(/\/+$/, "");
const seconds = Number(args.get("seconds") ?? 10);
const clients = Number(args.get("clients") ?? 20);
/** Only the page kinds whose name matches this regular expression (e.g. --only "lab|filter"). */
const only = args.has("only") ? new RegExp(args.get("only")!) : null;
const BUDGET_P95_MS = 50;

const host = new URL(base).hostname;
if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
  console.error("Only local servers are benchmarked (127.0.0.1 or localhost).");
  process.exit(2);
}

// Real slugs and category ids, read from the benchmark database when available, else from the pages.
async function sampleIds() {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench";
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const slugs = (await client.query<{ slug: string }>("select slug from tests order by random() limit 50")).rows.map((r) => r.slug);
    const categories = (await client.query<{ id: string }>("select id from test_categories")).rows.map((r) => r.id);
    const labs = (await client.query<{ slug: string; area: string | null }>("select slug, area from labs where is_active order by name")).rows;
    return { slugs, categories, labSlugs: labs.map((lab) => lab.slug), areas: [...new Set(labs.flatMap((lab) => (lab.area ? [lab.area] : [])))] };
  } finally {
    await client.end();
  }
}

const { slugs, categories, labSlugs, areas } = await sampleIds();
const SORTS = SORT_OPTIONS.map((option) => option.value);
const QUERIES = ["vitamin d", "thyroid", "ferritin", "lipid profile", "hba1c", "cholesterol", "allergy panel", "iron"];
// Arabic queries (issue 14), spelt as people type them: without or with hamza, ta marbuta as ha.
const QUERIES_AR = ["فيتامين د", "الغده الدرقية", "الكوليسترول", "فحص الدهون", "السكر التراكمي", "الحديد", "اختبار الحساسيه", "فيريتين"];
const pick = <T>(list: T[], i: number) => list[i % list.length];

const kinds: { kind: string; urls: string[] }[] = [
  { kind: "search q", urls: QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`) },
  { kind: "search q typo", urls: ["vitamn d", "cholestrol", "ferritn", "thyriod"].map((q) => `/search?q=${encodeURIComponent(q)}`) },
  { kind: "search q arabic", urls: QUERIES_AR.map((q) => `/ar/search?q=${encodeURIComponent(q)}`) },
  { kind: "search q arabic typo", urls: ["الكولسترول", "فيتامن د", "الدهون الثلاثيه"].map((q) => `/ar/search?q=${encodeURIComponent(q)}`) },
  { kind: "search category", urls: categories.map((id, i) => `/search?category=${id}${i % 2 ? "&page=3" : ""}`) },
  ...SORTS.map((sort) => ({
    kind: `search sort ${sort}`,
    urls: [`/search?sort=${sort}`, `/search?sort=${sort}&page=20`, ...categories.slice(0, 4).map((id) => `/search?sort=${sort}&category=${id}`)],
  })),
  { kind: "search q + sort", urls: SORTS.map((sort, i) => `/search?q=${encodeURIComponent(pick(QUERIES, i))}&sort=${sort}`) },
  { kind: "product", urls: slugs.map((slug) => `/product/${slug}`) },
  { kind: "category", urls: categories.map((id, i) => `/category/${id}${i % 2 ? "?page=2" : ""}`) },
  { kind: "home", urls: ["/"] },
  // Issue 11: the marketplace's filters and pages.
  { kind: "search lab", urls: labSlugs.map((lab, i) => `/search?lab=${lab}${i % 3 === 1 ? "&sort=price-asc" : i % 3 === 2 ? "&page=5" : ""}`) },
  { kind: "search area", urls: areas.map((area, i) => `/search?area=${encodeURIComponent(area)}${i % 2 ? "&sort=result_time-asc" : ""}`) },
  { kind: "search home", urls: ["/search?home=1", "/search?home=1&sort=price-asc", "/search?home=1&page=20", ...categories.slice(0, 3).map((id) => `/search?home=1&category=${id}`)] },
  {
    kind: "search q + filter",
    urls: QUERIES.map((q, i) => `/search?q=${encodeURIComponent(q)}&${i % 2 ? `lab=${pick(labSlugs, i)}` : `area=${encodeURIComponent(pick(areas, i))}&home=1`}`),
  },
  { kind: "labs directory", urls: ["/labs"] },
  { kind: "lab page", urls: labSlugs.map((lab, i) => `/labs/${lab}${i % 2 ? "?page=3" : ""}`) },
  { kind: "lab page q", urls: labSlugs.map((lab, i) => `/labs/${lab}?q=${encodeURIComponent(pick(QUERIES, i).split(" ")[0])}`) },
];

async function run(urls: string[]) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const url = urls[next++ % urls.length];
        const started = performance.now();
        try {
          const response = await fetch(base + url, { headers: { "accept-encoding": "gzip" } });
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { count: latencies.length, errors, p50: at(50), p95: at(95), p99: at(99), rps: latencies.length / seconds };
}

const selected = only ? kinds.filter(({ kind }) => only.test(kind)) : kinds;

// Warm up every URL once (templates, caches, connections).
for (const { urls } of selected) for (const url of urls) await fetch(base + url).then((r) => r.arrayBuffer());

console.log(`Storefront benchmark: ${base}, ${clients} clients, ${seconds} s per page kind, budget p95 < ${BUDGET_P95_MS} ms\n`);
console.log("page kind                 requests   req/s    p50 ms   p95 ms   p99 ms  errors  budget");
for (const { kind, urls } of selected) {
  const r = await run(urls);
  const verdict = r.p95 < BUDGET_P95_MS ? "ok" : "OVER";
  console.log(
    `${kind.padEnd(25)} ${String(r.count).padStart(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}  ${verdict}`,
  );
}
