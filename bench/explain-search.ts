// Prints EXPLAIN (ANALYZE, BUFFERS) for every query the storefront pages run, on PostgreSQL.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/explain-search.ts
// The queries are captured from the real module functions (search, product, category), so what
// is explained is exactly what the pages send.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "~/db/client.server";
import { setConnection } from "~/db/db.server";
import * as schema from "~/db/schema";
import { parseSearchState } from "~/modules/catalog/search-params";
import { findCategory, searchTests } from "~/modules/catalog/search-tests.server";
import { categoryTests, findTestBySlug, relatedTests } from "~/modules/catalog/test-details.server";
import { offersForTest } from "~/modules/catalog/offers.server";
import { findLabBySlug, labTestsPage, listLabFilterOptions, listLabsForDirectory } from "~/modules/labs/lab-directory.server";
import { freeSlotsForDay, nextFreeSlots } from "~/modules/slots/slots.server";
import { todayInDubai } from "~/utils/dubai-date";
import { suggest } from "~/modules/catalog/suggest.server";

const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres")) {
  console.error("Set DATABASE_URL to the benchmark PostgreSQL database");
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: url, max: 2 });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as Database;
// The modules read the app's connection: give them the logging one.
setConnection({ db, driver: "pg", close: () => pool.end() });

/** `npx tsx bench/explain-search.ts "issue 30"`: only the queries whose label matches. */
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;

async function explain(label: string, run: () => Promise<unknown>) {
  if (only && !only.test(label)) return;
  captured.length = 0;
  await run();
  const client = await pool.connect();
  await client.query("begin");
  let settingsApplied = false;
  for (const { query, params } of [...captured]) {
    if (/^\s*(begin|commit|rollback)/i.test(query)) continue;
    // Session settings a query relies on are applied, not explained.
    if (/^\s*set /i.test(query)) {
      await client.query(query, params);
      settingsApplied = true;
      continue;
    }
    const { rows } = await client.query(`explain (analyze, buffers, costs off) ${query}`, params);
    if (settingsApplied) {
      // SET LOCAL lasts for one transaction in the app: undo it before the next query.
      await client.query("reset all");
      settingsApplied = false;
    }
    const plan = rows.map((row: Record<string, string>) => row["QUERY PLAN"]);
    console.log(`\n### ${label}\n\n\`\`\`\n${query.length > 600 ? `${query.slice(0, 600)}…` : query}\n-- params: ${JSON.stringify(params).slice(0, 200)}\n\n${plan.join("\n")}\n\`\`\``);
  }
  await client.query("rollback");
  client.release();
}

const search = (query: string, language: "en" | "ar" = "en") => () => searchTests(parseSearchState(new URLSearchParams(query)), language);
const { rows: [sample] } = await pool.query("select t.slug, t.category_id from tests t where category_id is not null order by created_at desc limit 1");

await explain("search q=vitamin d (relevance)", search("q=vitamin d"));
await explain("search q=vitamn d (typo)", search("q=vitamn d"));
await explain("search q=cholestrol (typo)", search("q=cholestrol"));
await explain("search q=الغده الدرقية (Arabic, folded)", search("q=الغده الدرقية"));
await explain("search q=الكولسترول (Arabic typo)", search("q=الكولسترول"));
await explain("search q=iron, sort=price-asc", search("q=iron&sort=price-asc"));
await explain("search, all tests, default sort (name)", search(""));
await explain("search, sort=result_time-desc", search("sort=result_time-desc"));
await explain("search, sort=price-desc, page 50", search("sort=price-desc&page=50"));
await explain("search, category + sort=name-asc", search(`category=${sample.category_id}`));
await explain("search, category + sort=price-asc", search(`category=${sample.category_id}&sort=price-asc`));
await explain("product by slug", () => findTestBySlug(sample.slug));
await explain("related tests", () => relatedTests({ id: "00000000-0000-4000-8000-000000000000", categoryId: sample.category_id }));
await explain("category", () => findCategory(sample.category_id));
await explain("category tests page 3", () => categoryTests(sample.category_id, 3));
await explain("Arabic page: all tests by Arabic name, page 50", search("page=50", "ar"));
await explain("Arabic page: category tests by Arabic name, page 3", () => categoryTests(sample.category_id, 3, "ar"));

// Issue 11: the marketplace's pages (product comparison, lab pages, lab/area/home filters).
const { rows: [lab] } = await pool.query(
  "select id, slug, area from labs where is_active and home_collection_fee_fils is not null order by name limit 1",
);
const { rows: [offered] } = await pool.query("select t.id, t.slug from tests t where t.offer_count >= 5 order by t.created_at desc limit 1");
await explain(`search, lab=${lab.slug}`, search(`lab=${lab.slug}`));
await explain(`search, lab=${lab.slug}, sort=price-asc, page 20`, search(`lab=${lab.slug}&sort=price-asc&page=20`));
await explain(`search, area=${lab.area}`, search(`area=${lab.area}`));
await explain("search, home=1, sort=result_time-asc", search("home=1&sort=result_time-asc"));
await explain(`search, q=vitamin d, lab=${lab.slug}`, search(`q=vitamin d&lab=${lab.slug}`));
await explain(`search, q=thyroid, area=${lab.area}, home=1`, search(`q=thyroid&area=${lab.area}&home=1`));
await explain(`search, category + lab=${lab.slug}`, search(`category=${sample.category_id}&lab=${lab.slug}`));
await explain("product comparison: offersForTest", () => offersForTest(offered.id));
await explain("product comparison: nextFreeSlots (walk-in and home)", async () => {
  const labIds = (await offersForTest(offered.id)).map((offer) => offer.labId);
  return nextFreeSlots({ walk_in: labIds, home: labIds });
});
await explain("free slots of a lab-day (home)", () => freeSlotsForDay(lab.id, "home", todayInDubai()));
await explain("lab directory", () => listLabsForDirectory());
await explain("search filter options", () => listLabFilterOptions());
await explain("lab page: lab by slug", () => findLabBySlug(lab.slug));
await explain("lab page: its tests, page 1", () => labTestsPage({ id: lab.id, homeCollectionFeeFils: 1 }, { q: "", page: 1 }));
await explain("lab page: its tests, page 50", () => labTestsPage({ id: lab.id, homeCollectionFeeFils: 1 }, { q: "", page: 50 }));
await explain("lab page: search vitamin", () => labTestsPage({ id: lab.id, homeCollectionFeeFils: 1 }, { q: "vitamin", page: 1 }));
// Issue 30: the speed table's four searches, and the suggestions as you type.
for (const q of ["iron", "vitamin", "alt", "u&e", "u & e", "t4", "ck", "thyroid function test", "vitamn d", "sugar", "liver enzymes"]) await explain(`issue 30: search q=${q}`, search(`q=${encodeURIComponent(q)}`));
await explain("issue 30: search q=الحديد (Arabic page)", search("q=الحديد", "ar"));
for (const [q, language] of [["vi", "en"], ["vitam", "en"], ["profile", "en"], ["فيت", "ar"], ["الغده", "ar"]] as const) {
  await explain(`issue 30: suggestions for ${q} (${language})`, () => suggest(q, language));
}
await pool.end();
