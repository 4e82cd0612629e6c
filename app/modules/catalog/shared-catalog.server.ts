// The catalogue's public reads as every visitor shares them: computed once per process and kept
// until the change feed says the catalogue (or, for the lab comparison, a slot) changed, so a
// signed-in visitor pays only for their own header and cart and the render (issue 30, decision
// 0034). The functions below compute exactly what the module functions they wrap compute.
import type { Language } from "~/i18n/languages";
import { labComparison, type LabComparison } from "~/modules/catalog/lab-comparison.server";
import type { CompareSort } from "~/modules/catalog/lab-comparison";
import type { SearchState } from "~/modules/catalog/search-params";
import { findCategory, listCategories, searchTests } from "~/modules/catalog/search-tests.server";
import { categoryTests, findTestBySlug, findTestsByNames, relatedTests } from "~/modules/catalog/test-details.server";
import { MIN_SLOT_LEAD_MINUTES } from "~/modules/slots/collection-types";
import { getNow } from "~/modules/slots/clock.server";
import { DUBAI_OFFSET_MS } from "~/utils/dubai-date";
import { shared } from "~/utils/shared-data.server";
import { normaliseQuery } from "~/modules/catalog/search-query";

const DAY_MS = 86_400_000;
/**
 * A comparison is recomputed at least this often: slots freed outside a request (the hold-release
 * sweep) announce nothing, and a cached anonymous page shows them within PAGE_CACHE_SECONDS too.
 */
const COMPARISON_MAX_AGE_MS = 10_000;

/**
 * One page of search results, keyed by the normalised query (normaliseQuery: the search reads
 * nothing of the query but that form), the filters, the sort and the page, and computed for
 * exactly that key.
 */
export function sharedSearch(state: SearchState, language: Language) {
  const normalised = { ...state, q: normaliseQuery(state.q) };
  const key = [
    "search",
    language,
    normalised.q,
    state.categoryId,
    state.invalidCategory,
    state.sortChosen ? state.sort : "",
    state.page,
    state.lab,
    state.area?.toLowerCase() ?? null,
    state.home,
  ];
  return shared(JSON.stringify(key), "catalog", () => searchTests(normalised, language));
}

export function sharedCategories() {
  return shared("categories", "catalog", listCategories);
}

/** A test's product page without its comparison: the test (by slug) and its related tests; null when none. */
export function sharedTestDetails(slug: string) {
  return shared(`test:${slug}`, "catalog", async () => {
    const test = await findTestBySlug(slug);
    return test ? { test, related: await relatedTests(test) } : null;
  });
}

/**
 * The product page's lab comparison. It shows each lab's next free slot, which orders and bookings
 * take, and labels days relative to today: it is kept until a slot changes ("pages"), until the
 * soonest slot it shows stops being offerable, until midnight in Abu Dhabi, or for
 * COMPARISON_MAX_AGE_MS, whichever comes first.
 */
export function sharedComparison(testId: string, sort: CompareSort) {
  return shared(`comparison:${testId}:${sort}`, "slots", () => labComparison(testId, sort), comparisonExpiry);
}

/** When a comparison computed now stops being right, in the real clock (the app's clock may be moved by tests). */
export function comparisonExpiry(comparison: LabComparison, realNow: number): number {
  const appNow = getNow().getTime();
  const lead = MIN_SLOT_LEAD_MINUTES * 60_000;
  const dubaiMidnight = Math.floor((appNow + DUBAI_OFFSET_MS) / DAY_MS + 1) * DAY_MS - DUBAI_OFFSET_MS;
  let until = Math.min(dubaiMidnight, appNow + COMPARISON_MAX_AGE_MS);
  for (const row of comparison.rows) {
    for (const slot of [row.nextWalkIn, row.nextHome]) if (slot) until = Math.min(until, Date.parse(slot.at) - lead);
  }
  return realNow + (until - appNow);
}

/** One page of a category's tests (the category itself from findCategory). */
export function sharedCategoryPage(categoryId: string, page: number, language: Language) {
  return shared(`category:${categoryId}:${page}:${language}`, "catalog", async () => {
    const category = await findCategory(categoryId);
    return category ? { category, listing: await categoryTests(category.id, page, language) } : null;
  });
}

/** The home page's category tiles and sample tests. */
export function sharedTestsByNames(names: readonly string[]) {
  return shared(`tests-by-names:${names.join("\n")}`, "catalog", () => findTestsByNames(names));
}
