import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { testCategories, tests } from "~/db/schema";
import { SEARCH_PAGE_SIZE, type SearchState, type SortValue } from "./search-params";
import { toTestCard, type TestCardData } from "./test-card-data.server";

export type SearchResult = {
  tests: TestCardData[];
  total: number;
  /** The page actually shown: the asked-for page clamped to the last page. */
  page: number;
  pageCount: number;
};

/** Words shorter than this take no part in typo matching (too many near neighbours). */
const MIN_FUZZY_WORD_LENGTH = 3;
const MAX_FUZZY_WORDS = 5;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows matching the query: name contains it (case-insensitive), full-text match on name and
 * description (any word order), a matching category name, or every longer word close to a word
 * of the name (typos such as "vitamn d", "cholestrol"). Each branch is served by an index:
 * trigram GIN on lower(name), GIN on search_vector, btree on category_id.
 */
function matchQuery(q: string): { where: SQL; relevance: SQL[] } {
  const lower = q.toLowerCase();
  const contains = `%${escapeLike(lower)}%`;
  const prefix = `${escapeLike(lower)}%`;
  const tsQuery = sql`websearch_to_tsquery('english', ${q})`;
  const lowerName = sql`lower(${tests.name})`;
  const words = [...new Set(lower.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= MIN_FUZZY_WORD_LENGTH))].slice(
    0,
    MAX_FUZZY_WORDS,
  );
  const branches: SQL[] = [
    sql`${lowerName} like ${contains}`,
    sql`${tests.searchVector} @@ ${tsQuery}`,
    sql`${tests.categoryId} in (select ${testCategories.id} from ${testCategories} where lower(${testCategories.name}) like ${contains} or to_tsvector('english', ${testCategories.name}) @@ ${tsQuery})`,
  ];
  if (words.length > 0) {
    branches.push(sql`(${sql.join(
      words.map((word) => sql`${word} <% ${lowerName}`),
      sql` and `,
    )})`);
  }
  return {
    where: sql`(${sql.join(branches, sql` or `)})`,
    relevance: [
      sql`(${lowerName} = ${lower}) desc`,
      sql`(${lowerName} like ${prefix}) desc`,
      sql`(${lowerName} like ${contains}) desc`,
      sql`ts_rank(${tests.searchVector}, ${tsQuery}) desc`,
      sql`word_similarity(${lower}, ${lowerName}) desc`,
    ],
  };
}

/** Orders of the six sorts; descending sorts put missing values first (spec), ties by name. */
function sortOrder(sort: SortValue): SQL[] {
  switch (sort) {
    case "name-desc":
      return [sql`${tests.name} desc`, sql`${tests.id} desc`];
    case "price-asc":
      return [sql`${tests.priceFils} asc`, sql`${tests.name} asc`];
    case "price-desc":
      return [sql`${tests.priceFils} desc`, sql`${tests.name} asc`];
    case "result_time-asc":
      return [sql`${tests.resultTimeHours} asc nulls last`, sql`${tests.name} asc`];
    case "result_time-desc":
      return [sql`${tests.resultTimeHours} desc nulls first`, sql`${tests.name} asc`];
    default:
      return [sql`${tests.name} asc`, sql`${tests.id} asc`];
  }
}

/** One page of the catalogue search (spec: search results, 9 per page, six sorts). */
export async function searchTests(
  executor: Executor,
  state: Pick<SearchState, "q" | "categoryId" | "invalidCategory" | "page" | "sort" | "sortChosen">,
): Promise<SearchResult> {
  if (state.invalidCategory) return { tests: [], total: 0, page: 1, pageCount: 1 };
  const conditions: SQL[] = [];
  let order = sortOrder(state.sort);
  if (state.categoryId) conditions.push(sql`${tests.categoryId} = ${state.categoryId}`);
  if (state.q) {
    const match = matchQuery(state.q);
    conditions.push(match.where);
    // Without a chosen sort, the best matches come first: exact name, name prefix, name contains, rank.
    if (!state.sortChosen) order = [...match.relevance, sql`${tests.name} asc`, sql`${tests.id} asc`];
  }
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;

  const pageQuery = (page: number) =>
    executor
      .select({
        id: tests.id,
        name: tests.name,
        slug: tests.slug,
        priceFils: tests.priceFils,
        featuredImage: tests.featuredImage,
        description: tests.description,
        resultTime: tests.resultTime,
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(tests)
      .where(where)
      .orderBy(...order)
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE);

  let page = state.page;
  let rows = await pageQuery(page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: count, then show the last page instead of an empty one.
    const [counted] = await executor.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tests).where(where);
    total = counted.n;
    page = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
    rows = total > 0 ? await pageQuery(page) : [];
  }
  return {
    tests: rows.map(toTestCard),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
  };
}

export type CategoryOption = { id: string; name: string };

export function listCategories(executor: Executor): Promise<CategoryOption[]> {
  return executor
    .select({ id: testCategories.id, name: testCategories.name })
    .from(testCategories)
    .orderBy(asc(testCategories.name));
}

export async function findCategory(executor: Executor, id: string) {
  const [row] = await executor.select().from(testCategories).where(eq(testCategories.id, id));
  return row ?? null;
}
