// Scores a search against the relevance set (bench/relevance/queries.json, issue 30). Shared by
// `npm run bench:relevance` and the floor test in tests/integration; it knows nothing of the app.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type Language = "en" | "ar";
export type RelevanceQuery = { q: string; language: Language; kind: string; expect: string[] };

/**
 * The relevance set: each query with the tests a good answer shows in its first three results.
 * "held-out" is a second set, written without looking at the answers, that the search was not tuned on.
 */
export function relevanceQueries(set: "queries" | "held-out" = "queries"): RelevanceQuery[] {
  const file = join(process.cwd(), `bench/relevance/${set}.json`);
  return (JSON.parse(readFileSync(file, "utf8")) as { queries: RelevanceQuery[] }).queries;
}

/** How many results count (the first page shows nine; MRR looks at all of them). */
const TOP = 3;

export type QueryScore = {
  query: RelevanceQuery;
  /** The names shown, in order (the first page). */
  shown: string[];
  /** 1-based rank of the first expected test on the first page, or null. */
  firstRank: number | null;
  /** Expected tests among the first three, out of min(3, expected). */
  precision: number;
};

export type RelevanceReport = {
  queries: number;
  /** Share of queries with at least one expected test in the first three: the floor of issue 30. */
  rightInTop3: number;
  /** Mean over queries of (expected tests in the first three) / min(3, expected tests). */
  precisionAt3: number;
  /** Mean reciprocal rank of the first expected test on the first page (0 when none is shown). */
  mrr: number;
  byKind: Record<string, { queries: number; rightInTop3: number }>;
  failing: QueryScore[];
  scores: QueryScore[];
};

/**
 * Runs every query through `search` (the names of the first page, in order). `sameTest` says when a
 * shown name is an expected test: by default the exact name; on the generated catalogue a lab
 * variant ("Lipid Profile - Al Noor Lab Express") counts as its test (`baseName`).
 */
export async function evaluateRelevance(
  queries: RelevanceQuery[],
  search: (q: string, language: Language) => Promise<string[]>,
  sameTest: (shown: string, expected: string) => boolean = (shown, expected) => shown === expected,
): Promise<RelevanceReport> {
  const scores: QueryScore[] = [];
  for (const query of queries) {
    const shown = await search(query.q, query.language);
    const isExpected = (name: string) => query.expect.some((expected) => sameTest(name, expected));
    const index = shown.findIndex(isExpected);
    // A test shown twice (two lab variants) counts once.
    const found = new Set(shown.slice(0, TOP).flatMap((name) => query.expect.filter((expected) => sameTest(name, expected))));
    scores.push({
      query,
      shown,
      firstRank: index < 0 ? null : index + 1,
      precision: found.size / Math.min(TOP, query.expect.length),
    });
  }
  return summarise(scores);
}

/** The figures of a set of scored queries (all of them, or a part, e.g. those a synonym covers). */
export function summarise(scores: QueryScore[]): RelevanceReport {
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const right = (score: QueryScore) => score.firstRank !== null && score.firstRank <= TOP;
  const byKind: RelevanceReport["byKind"] = {};
  for (const score of scores) {
    const kind = (byKind[score.query.kind] ??= { queries: 0, rightInTop3: 0 });
    kind.queries += 1;
    kind.rightInTop3 += right(score) ? 1 : 0;
  }
  for (const kind of Object.values(byKind)) kind.rightInTop3 /= kind.queries;
  return {
    queries: scores.length,
    rightInTop3: mean(scores.map((score) => (right(score) ? 1 : 0))),
    precisionAt3: mean(scores.map((score) => score.precision)),
    mrr: mean(scores.map((score) => (score.firstRank ? 1 / score.firstRank : 0))),
    byKind,
    failing: scores.filter((score) => !right(score)),
    scores,
  };
}

/** A generated test's name without its lab and variant: "Lipid Profile - Al Noor Lab Express" -> "Lipid Profile". */
export function baseName(name: string) {
  const cut = name.indexOf(" - ");
  return cut < 0 ? name : name.slice(0, cut);
}

/** The report as text: the three figures, per kind, and the failing queries with what was shown. */
export function formatReport(report: RelevanceReport, title: string): string {
  const pct = (value: number) => value.toFixed(3);
  const lines = [
    `${title}: ${report.queries} queries`,
    `  right answer in the top 3: ${pct(report.rightInTop3)}   precision at 3: ${pct(report.precisionAt3)}   MRR: ${pct(report.mrr)}`,
    `  by kind: ${Object.entries(report.byKind)
      .map(([kind, figures]) => `${kind} ${pct(figures.rightInTop3)} (${figures.queries})`)
      .join(", ")}`,
  ];
  if (report.failing.length) {
    lines.push(`  failing (${report.failing.length}):`);
    for (const { query, shown } of report.failing) {
      lines.push(`    [${query.language}] ${JSON.stringify(query.q)} wants ${query.expect.map((name) => JSON.stringify(name)).join(" or ")}; top 3: ${shown.slice(0, TOP).map((name) => JSON.stringify(name)).join(", ") || "(nothing)"}`);
    }
  }
  return lines.join("\n");
}
