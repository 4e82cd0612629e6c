import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db, preparedQuery } from "~/db/db.server";
import type { Language } from "~/i18n/languages";
import { labs, testCategories, tests } from "~/db/schema";
import { hasOfferFilters, SEARCH_PAGE_SIZE, type OfferFilters, type SearchState, type SortValue } from "~/modules/catalog/search-params";
import { cardColumns, cardPage, toTestCard, type TestCardData } from "~/modules/catalog/test-card-data.server";
import { foldArabic, foldArabicSql, hasArabic } from "~/modules/catalog/arabic-search";
import { analyseQuery, NAME_LEVEL, rankedPage } from "~/modules/catalog/search-ranking.server";
import { normaliseQuery, queryWords } from "~/modules/catalog/search-query";
import { closestTermWord } from "~/modules/catalog/search-terms.server";
import { collectsInArea } from "~/modules/catalog/area-offers";
import { withAreaPrices } from "~/modules/catalog/area-prices.server";

export type SearchResult = {
  tests: TestCardData[];
  total: number;
  /** The page actually shown: the asked-for page clamped to the last page. */
  page: number;
  pageCount: number;
  /** The query the results are for when a misspelt query was corrected ("vitamn d" -> "vitamin d"). */
  correctedQuery: string | null;
};

type State = Pick<SearchState, "q" | "categoryId" | "invalidCategory" | "page" | "sort" | "sortChosen"> & Partial<OfferFilters>;

/** The lab/area/home filters as a condition on a test row (`testId` is its id column); "none" when no lab qualifies. */
type OfferCondition = {
  /** The condition on a test row whose id column is `testId`. */
  exists: (testId: SQL) => SQL;
  /** Without a category: how many tests qualify, counted from one lab's offers (an index range). */
  oneLabCount: SQL | null;
  /** The price a card shows for the test (areaPrice's cheapest total): what the price sorts order by. */
  shownPrice: (testId: SQL) => SQL;
};

/** Words shorter than this are never corrected (too many near neighbours). */
const MIN_CORRECTED_WORD_LENGTH = 3;
const MAX_CORRECTED_WORDS = 5;
/** Names sampled to find the correction of a misspelt word. */
const CORRECTION_SAMPLE = 200;
/** How similar a name's word must be to a misspelt word to be sampled (pg_trgm's word_similarity). */
const CORRECTION_WORD_SIMILARITY = 0.45;

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
const offsetOf = (page: number) => (page - 1) * SEARCH_PAGE_SIZE;

/** The six sorts as column orders (spec: search sorts); descending sorts put missing values first, ties by name. */
const SORT_ORDERS: Record<SortValue, [column: string, direction: string][]> = {
  "name-asc": [["name", "asc"], ["id", "asc"]],
  "name-desc": [["name", "desc"], ["id", "desc"]],
  "price-asc": [["price_fils", "asc"], ["name", "asc"]],
  "price-desc": [["price_fils", "desc"], ["name", "asc"]],
  "result_time-asc": [["result_time_hours", "asc nulls last"], ["name", "asc"]],
  "result_time-desc": [["result_time_hours", "desc nulls first"], ["name", "asc"]],
};

/**
 * A sort as an ORDER BY list on `table`: the matched rows (m) or the tests table itself. An Arabic
 * page sorts by name as its reader sees the names: the Arabic one, else the English one (the
 * indexes tests_name_ar_order_idx and tests_category_name_ar_order_idx serve it).
 */
function sortOrder(sort: SortValue, table: "m" | "tests", language: Language, offered?: OfferCondition | null): SQL {
  const byShownName = language === "ar" && sort.startsWith("name-");
  return sql.join(
    SORT_ORDERS[sort].map(([column, direction]) => {
      // With a lab, area or home collection chosen, the cards show that choice's price (fee included): sort by it.
      if (column === "price_fils" && offered) return sql`${offered.shownPrice(sql.raw(`${table}.id`))} ${sql.raw(direction)}`;
      return sql.raw(`${byShownName && column === "name" ? `coalesce(${table}.name_ar, ${table}.name)` : `${table}.${column}`} ${direction}`);
    }),
    sql`, `,
  );
}

/**
 * One page of the catalogue search (spec: search results, 9 per page, six sorts). With an area,
 * home collection or a lab chosen, each card's "from" price and lab count are those of the labs
 * serving that choice, the home-collection fee included (issue 26).
 */
export async function searchTests(state: State, language: Language = "en"): Promise<SearchResult> {
  const result = await findTests(state, language);
  const choice = { area: state.area ?? null, home: !!state.home, lab: state.lab ?? null };
  return { ...result, tests: await withAreaPrices(result.tests, choice) };
}

async function findTests(state: State, language: Language): Promise<SearchResult> {
  const offered = await offerCondition(state);
  if (state.invalidCategory || offered === "none") return { tests: [], total: 0, page: 1, pageCount: 1, correctedQuery: null };
  if (!state.q) return offered ? browseOffered(state, offered, language) : browse(state, language);
  // The search reads nothing of the query but its normal form (decision 0032).
  const q = normaliseQuery(state.q);
  if (!q) return { tests: [], total: 0, page: 1, pageCount: 1, correctedQuery: null };
  const direct = await relevantPage(q, state, offered, language);
  // A query that matched a test by name (or synonym) is taken as typed; otherwise its unknown words may be misspelt.
  if (direct.topScore >= NAME_LEVEL || direct.analysis.unknownWords.length === 0) return direct.result;
  const corrected = await correctSpelling(q, direct.analysis.unknownWords);
  if (!corrected) return direct.result;
  const retried = await relevantPage(normaliseQuery(corrected), state, offered, language);
  const better = retried.result.total > 0 && (retried.topScore >= NAME_LEVEL || direct.result.total === 0);
  return better ? { ...retried.result, correctedQuery: corrected } : direct.result;
}

/**
 * The lab, area and home-collection filters (issue 11). The active labs are read first (a few
 * dozen rows) and sorted into two sets: labs whose every active offer counts, and labs whose
 * home-collection offers count. A test qualifies when one active offer of theirs exists, probed per
 * test through lab_offers_test_active_price_idx (a test has a handful of offers).
 * - lab: that lab's offers;
 * - area: offers of labs in that area, and home-collection offers of labs collecting there;
 * - home: home-collection offers of labs running the service (with an area: collecting there).
 */
async function offerCondition(filters: Partial<OfferFilters>): Promise<OfferCondition | null | "none"> {
  const wanted = { lab: filters.lab ?? null, area: filters.area ?? null, home: !!filters.home };
  if (!hasOfferFilters(wanted)) return null;
  const { anyOffer, homeOffer } = qualifyingLabs(await activeLabs(), wanted);
  if (anyOffer.length === 0 && homeOffer.length === 0) return "none";
  const asArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;
  const parts: SQL[] = [];
  if (anyOffer.length > 0) parts.push(sql`o.lab_id = any(${asArray(anyOffer)})`);
  if (homeOffer.length > 0) parts.push(sql`(o.home_collection and o.lab_id = any(${asArray(homeOffer)}))`);
  const [oneLab] = [...anyOffer, ...homeOffer];
  // areaPrice in SQL: a walk-in at a lab counted whole costs the offer's price; a home visit by a lab collecting there adds its fee.
  const walkInLabs = anyOffer.length > 0 ? sql`(o.walk_in and o.lab_id = any(${asArray(anyOffer)}))` : sql`false`;
  const collectingLabs = asArray([...anyOffer, ...homeOffer]);
  return {
    exists: (testId) =>
      sql`exists (select 1 from lab_offers o where o.test_id = ${testId} and o.is_active and (${sql.join(parts, sql` or `)}))`,
    // A lab offers a test at most once (lab_offers_lab_test_idx), so its offers count its tests.
    oneLabCount:
      anyOffer.length + homeOffer.length === 1
        ? sql`select count(*) as n from lab_offers o where o.lab_id = ${oneLab} and o.is_active${homeOffer.length ? sql` and o.home_collection` : sql``}`
        : null,
    shownPrice: (testId) => sql`(
      select min(o.price_fils + case when ${walkInLabs} then 0 else l.home_collection_fee_fils end)
      from lab_offers o join labs l on l.id = o.lab_id
      where o.test_id = ${testId} and o.is_active
        and (${walkInLabs} or (o.home_collection and l.home_collection_fee_fils is not null and o.lab_id = any(${collectingLabs}))))`,
  };
}

type FilterLab = { id: string; slug: string; area: string | null; homeCollectionFeeFils: number | null; homeCollectionAreas: string[] };

function activeLabs(): Promise<FilterLab[]> {
  return db
    .select({
      id: labs.id,
      slug: labs.slug,
      area: labs.area,
      homeCollectionFeeFils: labs.homeCollectionFeeFils,
      homeCollectionAreas: labs.homeCollectionAreas,
    })
    .from(labs)
    .where(eq(labs.isActive, true));
}

/** Which labs' offers satisfy the filters: all their active offers, or only their home-collection ones. */
export function qualifyingLabs(candidates: FilterLab[], filters: OfferFilters) {
  const area = filters.area?.toLowerCase() ?? null;
  const anyOffer: string[] = [];
  const homeOffer: string[] = [];
  for (const lab of candidates) {
    if (filters.lab && lab.slug !== filters.lab) continue;
    const inArea = !area || lab.area?.toLowerCase() === area;
    const collectsHome = lab.homeCollectionFeeFils !== null;
    const collectsThere = collectsHome && (!area || collectsInArea(lab.homeCollectionAreas, area));
    if (!filters.home && inArea) anyOffer.push(lab.id);
    else if (collectsThere) homeOffer.push(lab.id);
  }
  return { anyOffer, homeOffer };
}

/** Browsing without a query: the count from countTests, the page straight from a sort index. */
async function browse(state: State, language: Language): Promise<SearchResult> {
  const listing = await cardPage(state.categoryId, sortOrder(state.sort, "tests", language), state.page, SEARCH_PAGE_SIZE);
  return { ...listing, correctedQuery: null };
}

/**
 * Browsing with the lab/area/home filters: the sort index is walked and each test checked for a
 * qualifying offer (a lab offers a large share of the catalogue, so a page needs few checks).
 * One lab's tests are counted from its offers (2 ms for 21,000); other counts read every
 * qualifying offer (50-250 ms with 500,000 offers) and are kept a while (cachedCount).
 */
async function browseOffered(state: State, offered: OfferCondition, language: Language): Promise<SearchResult> {
  const where = and(state.categoryId ? eq(tests.categoryId, state.categoryId) : undefined, offered.exists(sql`${tests.id}`));
  const oneLabCount = state.categoryId ? null : offered.oneLabCount;
  const total = oneLabCount
    ? Number((await db.execute<{ n: string | number }>(oneLabCount)).rows[0].n)
    : await cachedCount(JSON.stringify([state.categoryId, state.lab, state.area, !!state.home]), () =>
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(tests)
          .where(where)
          .then(([row]) => row.n),
      );
  const pageCount = pageCountOf(total);
  const page = Math.min(state.page, pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select(cardColumns)
          .from(tests)
          .where(where)
          .orderBy(sortOrder(state.sort, "tests", language, offered))
          .limit(SEARCH_PAGE_SIZE)
          .offset(offsetOf(page));
  return { tests: rows.map(toTestCard), total, page: total > 0 ? page : 1, pageCount, correctedQuery: null };
}

/**
 * Large filtered counts are fresh for COUNT_FRESH_MS in this process; after that, for up to
 * COUNT_STALE_MS, the last count is answered at once while one new count runs in the background,
 * so no visitor waits for a recount (the total may lag an admin's change by about a minute).
 * Small counts (cheap) are always exact.
 */
const COUNT_FRESH_MS = 30_000;
const COUNT_STALE_MS = 10 * 60_000;
const COUNT_CACHE_FROM = 2_000;
const COUNT_CACHE_ENTRIES = 1_000;
const countCache = new Map<string, { count: number; at: number; refreshing?: boolean }>();

async function cachedCount(key: string, count: () => Promise<number>): Promise<number> {
  const hit = countCache.get(key);
  const age = hit ? Date.now() - hit.at : Infinity;
  if (hit && age < COUNT_FRESH_MS) return hit.count;
  if (hit && age < COUNT_STALE_MS) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      count()
        .then((n) => remember(key, n))
        .catch(() => countCache.delete(key));
    }
    return hit.count;
  }
  const n = await count();
  remember(key, n);
  return n;
}

function remember(key: string, n: number) {
  if (n < COUNT_CACHE_FROM) {
    countCache.delete(key);
    return;
  }
  if (countCache.size >= COUNT_CACHE_ENTRIES && !countCache.has(key)) countCache.clear();
  countCache.set(key, { count: n, at: Date.now() });
}

/** One page of matches for a normalised query, with the best score of all its matches. */
async function relevantPage(q: string, state: State, offered: OfferCondition | null, language: Language) {
  const analysis = await analyseQuery(q);
  const conditions = [state.categoryId ? sql`t.category_id = ${state.categoryId}` : null, offered ? offered.exists(sql`t.id`) : null].filter(
    (condition): condition is SQL => condition !== null,
  );
  const options = (page: number, limit = SEARCH_PAGE_SIZE) => ({
    filter: conditions.length ? sql.join(conditions, sql` and `) : null,
    sortOrder: state.sortChosen ? sortOrder(state.sort, "m", language, offered) : null,
    language,
    limit,
    offset: offsetOf(page),
  });
  let page = state.page;
  let rows = await rankedPage(analysis, options(page));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    // Past the last page: show the last page instead of an empty one.
    const [first] = await rankedPage(analysis, options(1, 1));
    total = Number(first?.total ?? 0);
    page = pageCountOf(total);
    rows = total > 0 ? await rankedPage(analysis, options(page)) : [];
  }
  const result: SearchResult = {
    tests: rows.map((row) =>
      toTestCard({
        id: row.id,
        name: row.name,
        nameAr: row.name_ar,
        slug: row.slug,
        priceFils: Number(row.price_fils),
        featuredImage: row.featured_image,
        description: row.description,
        descriptionAr: row.description_ar,
        resultTime: row.result_time,
        offerCount: Number(row.offer_count),
      }),
    ),
    total,
    page: total > 0 ? page : 1,
    pageCount: pageCountOf(total),
    correctedQuery: null,
  };
  return { result, analysis, topScore: Number(rows[0]?.top_score ?? 0) };
}

/**
 * Typo tolerance: each word of the query that no test name has ("vitamn", "suger", "الكولسترول")
 * is replaced by the closest word of the test names or of the synonyms' terms that pg_trgm finds
 * similar, e.g. "vitamn d" -> "vitamin d", "suger level" -> "sugar level". Only a sample of names
 * is read per word, so a misspelling costs a few milliseconds however large the catalogue.
 * Returns null when no word could be corrected.
 */
async function correctSpelling(q: string, unknownWords: string[]): Promise<string | null> {
  const words = queryWords(q);
  let corrections = 0;
  for (const unknown of unknownWords.slice(0, MAX_CORRECTED_WORDS)) {
    if (unknown.length < MIN_CORRECTED_WORD_LENGTH || !/[\p{L}]/u.test(unknown)) continue;
    const [fromNames, fromTerms] = await Promise.all([closestNameWord(unknown), closestTermWord(unknown)]);
    const best = fromTerms && (!fromNames || fromTerms.similarity > fromNames.similarity) ? fromTerms : fromNames;
    if (best && foldArabic(best.word) !== unknown) {
      for (let index = 0; index < words.length; index++) if (words[index] === unknown) words[index] = best.word;
      corrections++;
    }
  }
  return corrections > 0 ? words.join(" ") : null;
}

/**
 * The word of a test name closest to `word`, from a sample of names pg_trgm finds similar: the
 * English names, or for an Arabic word the Arabic names (found and compared folded).
 * The planner overestimates how many names are similar and would walk a btree filtering each
 * row (55 ms on 100,000 tests); with plain index scans off it reads the trigram GIN index (3 ms).
 */
function closestNameWord(word: string): Promise<{ word: string; similarity: number } | undefined> {
  const arabic = hasArabic(word);
  const indexed = arabic ? sql`${tests.nameArSearch}` : sql`lower(${tests.name})`;
  const shown = arabic ? sql`${tests.nameAr}` : sql`lower(${tests.name})`;
  const compared = arabic ? foldArabicSql("w.word") : sql`w.word`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    // pg_trgm's 0.6 misses one swapped or missing letter in a short word ("thyriod": 0.5).
    await tx.execute(sql`set local pg_trgm.word_similarity_threshold = ${sql.raw(String(CORRECTION_WORD_SIMILARITY))}`);
    const { rows } = await tx.execute<{ word: string; similarity: number }>(sql`
      select w.word, similarity(${compared}, ${word}) as similarity
      from (
        select distinct regexp_split_to_table(sample.name, '[^[:alnum:]]+') as word
        from (select ${shown} as name from ${tests} where ${word} <% ${indexed} limit ${CORRECTION_SAMPLE}) sample
      ) w
      where length(w.word) >= ${MIN_CORRECTED_WORD_LENGTH}
      order by similarity(${compared}, ${word}) desc, w.word
      limit 1`);
    return rows[0] ? { word: rows[0].word, similarity: Number(rows[0].similarity) } : undefined;
  });
}

export type CategoryOption = { id: string; name: string; nameAr: string | null };

const categoriesByName = preparedQuery("categories_by_name", (database) =>
  database.select({ id: testCategories.id, name: testCategories.name, nameAr: testCategories.nameAr }).from(testCategories).orderBy(asc(testCategories.name)),
);

export function listCategories(): Promise<CategoryOption[]> {
  return categoriesByName().execute();
}

const categoryById = preparedQuery("category_by_id", (database) =>
  database.select().from(testCategories).where(eq(testCategories.id, sql.placeholder("id"))),
);

export async function findCategory(id: string) {
  const [row] = await categoryById().execute({ id });
  return row ?? null;
}
