// npm run bench:relevance: precision at 3, MRR and the failing queries of the relevance set
// (bench/relevance/queries.json, issue 30).
//   npm run bench:relevance                     the demo catalogue, on an embedded database in memory
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:relevance
//                                               a PostgreSQL database filled by npm run bench:catalog
//                                               (100,000 tests): a lab variant counts as its test
// Options: --kind <kind> (only that kind), --quiet (no failing list), --json <file> (the report),
// --held-out (the held-out set, bench/relevance/held-out.json, instead of queries.json).
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { baseName, evaluateRelevance, formatReport, relevanceQueries, summarise, type Language } from "./relevance/evaluate";

process.env.LOG_LEVEL ??= "silent";
// The demo accounts' password hashes need a secret; a throwaway one keeps ./data untouched.
process.env.BETTER_AUTH_SECRET ??= randomBytes(32).toString("hex");

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};

const { connect } = await import("~/db/client.server");
const { setConnection } = await import("~/db/db.server");
const { runMigrations } = await import("~/db/migrate.server");
const { parseSearchState } = await import("~/modules/catalog/search-params");
const { searchTests } = await import("~/modules/catalog/search-tests.server");

/** The queries whose words (stop words aside) synonyms cover entirely; null before synonyms existed. */
async function coveredBySynonyms(texts: string[]): Promise<Set<string> | null> {
  try {
    const { analyseQuery } = await import("~/modules/catalog/search-ranking.server");
    const { normaliseQuery } = await import("~/modules/catalog/search-query");
    const covered = new Set<string>();
    for (const text of texts) if ((await analyseQuery(normaliseQuery(text))).synonymTestIds.length > 0) covered.add(text);
    return covered;
  } catch {
    return null;
  }
}

const url = process.env.DATABASE_URL;
const started = Date.now();
const connection = url ? await connect({ driver: "pg", url, max: 2 }) : await connect({ driver: "pglite", dataDir: "memory://" });
setConnection(connection);
await runMigrations(connection, url);
const { databaseIsEmpty, seedDemoData } = await import("~/seed/demo-data.server");
if (await databaseIsEmpty(connection.db)) {
  if (url) console.log("The database is empty: loading the demo catalogue (npm run bench:catalog fills it to 100,000 tests)");
  await connection.db.transaction((tx) => seedDemoData(tx));
}
const { rows } = await connection.db.execute<{ n: string | number }>("select count(*) as n from tests" as never);
const testCount = Number(rows[0].n);

const kind = option("kind");
const queries = relevanceQueries(args.includes("--held-out") ? "held-out" : "queries").filter((query) => !kind || query.kind === kind);
const timings: number[] = [];
const slowest: { q: string; ms: number }[] = [];
const search = async (q: string, language: Language) => {
  const before = performance.now();
  const result = await searchTests(parseSearchState(new URLSearchParams({ q })), language);
  const ms = performance.now() - before;
  timings.push(ms);
  slowest.push({ q, ms });
  return result.tests.map((test) => test.name);
};
const generated = testCount > 1_000;
const report = await evaluateRelevance(queries, search, generated ? (shown, expected) => baseName(shown) === expected : undefined);
const title = `${url ? "PostgreSQL" : "Embedded database (PGlite)"}, ${testCount.toLocaleString("en")} tests`;
const quiet = args.includes("--quiet");
console.log(formatReport(quiet ? { ...report, failing: [] } : report, title));
// The relevance set and the demo's synonyms have one author: the queries that are not a synonym
// entry (as a whole, stop words aside) show how the ranking does on its own.
const covered = await coveredBySynonyms(queries.map((query) => query.q));
if (covered) {
  for (const [label, part] of [
    ["queries a synonym entry covers", report.scores.filter((score) => covered.has(score.query.q))],
    ["the other queries", report.scores.filter((score) => !covered.has(score.query.q))],
  ] as const) {
    const figures = summarise([...part]);
    console.log(`  ${label} (${figures.queries}): right answer in the top 3 ${figures.rightInTop3.toFixed(3)}, precision at 3 ${figures.precisionAt3.toFixed(3)}, MRR ${figures.mrr.toFixed(3)}`);
  }
}
timings.sort((a, b) => a - b);
const at = (share: number) => timings[Math.min(timings.length - 1, Math.floor(share * timings.length))].toFixed(1);
console.log(`  search time per query (one at a time): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; whole run ${((Date.now() - started) / 1000).toFixed(1)} s`);
slowest.sort((a, b) => b.ms - a.ms);
console.log(`  slowest: ${slowest.slice(0, 8).map(({ q, ms }) => `${JSON.stringify(q)} ${ms.toFixed(0)} ms`).join(", ")}`);
const jsonFile = option("json");
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ title, ...report, scores: undefined }, null, 1));
await connection.close();
