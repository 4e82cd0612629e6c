// The relevance floor of issue 30: on the demo catalogue, at least 85% of the relevance set
// (bench/relevance/queries.json) shows a right test in the first three results, and as much of the
// held-out set (bench/relevance/held-out.json). `npm run bench:relevance [-- --held-out]` prints the
// same figures with the failing queries.
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { parseSearchState } from "~/modules/catalog/search-params";
import { searchTests } from "~/modules/catalog/search-tests.server";
import { seedDemoData } from "~/seed/demo-data.server";
import { evaluateRelevance, formatReport, relevanceQueries, type Language } from "../../bench/relevance/evaluate";

const FLOOR = 0.85;

describe("search relevance on the demo catalogue", () => {
  it(`shows a right test in the first three results for at least ${FLOOR * 100}% of the relevance set`, { timeout: 600_000 }, async () => {
    await db.transaction((tx) => seedDemoData(tx));
    const queries = relevanceQueries();
    expect(queries.length).toBeGreaterThanOrEqual(200);
    expect(new Set(queries.map((query) => query.language))).toEqual(new Set(["en", "ar"]));
    const search = async (q: string, language: Language) => (await searchTests(parseSearchState(new URLSearchParams({ q })), language)).tests.map((test) => test.name);
    const report = await evaluateRelevance(queries, search);
    // The failing queries are in the message when the floor is not met.
    expect(report.rightInTop3, formatReport(report, "relevance")).toBeGreaterThanOrEqual(FLOOR);

    const heldOut = await evaluateRelevance(relevanceQueries("held-out"), search);
    expect(heldOut.rightInTop3, formatReport(heldOut, "held-out relevance")).toBeGreaterThanOrEqual(FLOOR);
  });
});
