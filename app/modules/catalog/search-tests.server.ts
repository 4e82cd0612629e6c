import { asc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import { testCategories, tests } from "~/db/schema";
import { SEARCH_PAGE_SIZE, type SearchState, type SortValue } from "~/modules/catalog/search-params";
import { cardPage, toTestCard, type TestCardData } from "~/modules/catalog/test-card-data.server";
import { escapeLike } from "~/utils/escape-like";

export type SearchResult = {
  tests: TestCardData[];
  total: number;
  /** The page actually shown: the asked-for page clamped to the last page. */
  page: number;
  pageCount: number;
  /** The query the results are for when a misspelt query was corrected ("vitamn d" -> "vitamin d"). */
  correctedQuery: string | null;
};

type State = Pick<SearchState, "q" | "categoryId" | "invalidCategory" | "page" | "sort" | "sortChosen">;

/** Words shorter than this are never corrected (too many near neighbours). */
const MIN_CORRECTED_WORD_LENGTH = 3;
const MAX_CORRECTED_WORDS = 5;
/** Names sampled to find the correction of a misspelt word. */
const CORRECTION_SAMPLE = 200;

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

/** A sort as an ORDER BY list on `table`: the matched rows (m) or the tests table itself. */
function sortOrder(sort: SortValue, table: "m" | "tests"): SQL {
  return sql.raw(SORT_ORDERS[sort].map(([column, direction]) => `${table}.${column} ${direction}`).join(", "));
}

/** One page of the catalogue search (spec: search results, 9 per page, six sorts). */
export async function searchTests(state: State): Promise<SearchResult> {
  if (state.invalidCategory) return { tests: [], total: 0, page: 1, pageCount: 1, correctedQuery: null };
  if (!state.q) return browse(state);
  const direct = await matchingPage(state.q, state);
  if (direct.total > 0) return direct;
  const corrected = await correctSpelling(state.q);
  if (!corrected) return direct;
  const retried = await matchingPage(corrected, state);
  return retried.total > 0 ? { ...retried, correctedQuery: corrected } : direct;
}

/** Browsing without a query: the count from countTests, the page straight from a sort index. */
async function browse(state: State): Promise<SearchResult> {
  const listing = await cardPage(state.categoryId, sortOrder(state.sort, "tests"), state.page, SEARCH_PAGE_SIZE);
  return { ...listing, correctedQuery: null };
}

type MatchedRow = {
  id: string;
  name: string;
  slug: string;
  price_fils: number;
  featured_image: string | null;
  description: string | null;
  result_time: string | null;
  total: string | number;
};

/**
 * Tests matching the query: the name contains it (case-insensitive), the name or description
 * match it word for word in any order (full text), or the category name matches. The three
 * conditions are served by the trigram GIN index on lower(name), the GIN index on search_vector
 * and the category btree, OR-ed in one bitmap. The matches are gathered first (materialised, so
 * the planner never walks a sort index filtering row by row), then ranked and paged with a top-N
 * sort; only the page's rows are read in full, and put in the same order again. Without a chosen
 * sort: exact name, name prefix, name contains, then the rest, each by name.
 */
async function matchingPage(q: string, state: State): Promise<SearchResult> {
  const lower = q.toLowerCase();
  const contains = `%${escapeLike(lower)}%`;
  const prefix = `${escapeLike(lower)}%`;
  const tsQuery = sql`websearch_to_tsquery('english', ${q})`;
  const categoryIds = (
    await db
      .select({ id: testCategories.id })
      .from(testCategories)
      .where(sql`lower(${testCategories.name}) like ${contains} or to_tsvector('english', ${testCategories.name}) @@ ${tsQuery}`)
  ).map((row) => row.id);
  const conditions = [sql`lower(t.name) like ${contains}`, sql`t.search_vector @@ ${tsQuery}`];
  if (categoryIds.length > 0) conditions.push(sql`t.category_id = any(${`{${categoryIds.join(",")}}`}::uuid[])`);
  const inCategory = state.categoryId ? sql`t.category_id = ${state.categoryId} and ` : sql``;
  const order = state.sortChosen
    ? sortOrder(state.sort, "m")
    : sql`(m.lname = ${lower}) desc, (m.lname like ${prefix}) desc, (m.lname like ${contains}) desc, m.lname collate "C" asc, m.id asc`;

  const pageRows = async (page: number) =>
    (
      await db.execute<MatchedRow>(sql`
        with m as materialized (
          select t.id, t.name, lower(t.name) as lname, t.price_fils, t.result_time_hours
          from tests t
          where ${inCategory}(${sql.join(conditions, sql` or `)})
        ),
        p as (
          select m.id, count(*) over () as total
          from m
          order by ${order}
          limit ${SEARCH_PAGE_SIZE} offset ${offsetOf(page)}
        )
        select m.id, m.name, m.slug, m.price_fils, m.featured_image, m.description, m.result_time, p.total
        from p join (select t.*, lower(t.name) as lname from tests t) m on m.id = p.id
        order by ${order}`)
    ).rows;

  let page = state.page;
  let rows = await pageRows(page);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    // Past the last page: show the last page instead of an empty one.
    const [counted] = (
      await db.execute<{ n: string | number }>(
        sql`select count(*) as n from tests t where ${inCategory}(${sql.join(conditions, sql` or `)})`,
      )
    ).rows;
    total = Number(counted.n);
    page = pageCountOf(total);
    rows = total > 0 ? await pageRows(page) : [];
  }
  return {
    tests: rows.map((row) =>
      toTestCard({
        id: row.id,
        name: row.name,
        slug: row.slug,
        priceFils: Number(row.price_fils),
        featuredImage: row.featured_image,
        description: row.description,
        resultTime: row.result_time,
      }),
    ),
    total,
    page: total > 0 ? page : 1,
    pageCount: pageCountOf(total),
    correctedQuery: null,
  };
}

/**
 * Typo tolerance: each longer word of the query is replaced by the closest word found in test
 * names that pg_trgm finds similar (word_similarity over the trigram GIN index on lower(name)),
 * e.g. "vitamn d" -> "vitamin d", "cholestrol" -> "cholesterol". Only a sample of names is
 * read per word, so a misspelling costs a few milliseconds however large the catalogue.
 * Returns null when no word could be corrected.
 */
async function correctSpelling(q: string): Promise<string | null> {
  const parts = q.toLowerCase().split(/([^\p{L}\p{N}]+)/u);
  let corrections = 0;
  let candidates = 0;
  for (let index = 0; index < parts.length && candidates < MAX_CORRECTED_WORDS; index++) {
    const word = parts[index];
    if (word.length < MIN_CORRECTED_WORD_LENGTH || !/[\p{L}]/u.test(word)) continue;
    candidates++;
    const best = await closestNameWord(word);
    if (best && best !== word) {
      parts[index] = best;
      corrections++;
    }
  }
  return corrections > 0 ? parts.join("") : null;
}

/**
 * The word of a test name closest to `word`, from a sample of names pg_trgm finds similar.
 * The planner overestimates how many names are similar and would walk a btree filtering each
 * row (55 ms on 100,000 tests); with plain index scans off it reads the trigram GIN index (3 ms).
 */
function closestNameWord(word: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows } = await tx.execute<{ word: string }>(sql`
      select w.word
      from (
        select distinct regexp_split_to_table(lower(sample.name), '[^[:alnum:]]+') as word
        from (select ${tests.name} as name from ${tests} where ${word} <% lower(${tests.name}) limit ${CORRECTION_SAMPLE}) sample
      ) w
      where length(w.word) >= ${MIN_CORRECTED_WORD_LENGTH}
      order by similarity(w.word, ${word}) desc, w.word
      limit 1`);
    return rows[0]?.word;
  });
}

export type CategoryOption = { id: string; name: string };

export function listCategories(): Promise<CategoryOption[]> {
  return db
    .select({ id: testCategories.id, name: testCategories.name })
    .from(testCategories)
    .orderBy(asc(testCategories.name));
}

export async function findCategory(id: string) {
  const [row] = await db.select().from(testCategories).where(eq(testCategories.id, id));
  return row ?? null;
}
