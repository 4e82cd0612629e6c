// Synonyms and everyday terms (issue 30, decision 0032): what the search reads of them, and the one
// way they are written (the admin's form, the CSV import and the demo seed all save through
// saveSearchTerm). A change tells every process, so cached search results are dropped.
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { searchTermCategories, searchTerms, searchTermTests, testCategories, tests, type searchTermLanguages } from "~/db/schema";
import { normaliseQuery, termKey } from "~/modules/catalog/search-query";
import { announceChange } from "~/utils/change-feed.server";
import { escapeLike } from "~/utils/escape-like";

export type SearchTermLanguage = (typeof searchTermLanguages)[number];

/** A term as the search uses it. */
export type MatchedTerm = { id: string; matchKey: string; words: string[]; testIds: string[]; categoryIds: string[] };

/**
 * The terms whose keys are among `keys` (runs of a query's words), with what they stand for, as one
 * JSON value (a scalar subquery: the search reads it in the same statement as other facts).
 */
export function matchedTermsSql(keys: string[]): SQL {
  const wanted = [...new Set(keys)].filter(Boolean);
  return sql`(
    select coalesce(json_agg(json_build_object(
      'id', s.id, 'matchKey', s.match_key, 'words', s.words,
      'testIds', (select coalesce(array_agg(st.test_id), '{}') from search_term_tests st where st.term_id = s.id),
      'categoryIds', (select coalesce(array_agg(sc.category_id), '{}') from search_term_categories sc where sc.term_id = s.id)
    )), '[]')
    from search_terms s
    where s.match_key = any(${`{${wanted.map(arrayLiteralItem).join(",")}}`}::text[])
  )`;
}

/** An item of a PostgreSQL array literal, quoted so any text survives. */
export function arrayLiteralItem(value: string) {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** Below this similarity a synonym's word is no correction. */
const MIN_TERM_WORD_SIMILARITY = 0.3;

/**
 * The word of the synonyms' terms closest to `word`, for spelling corrections ("suger" -> "sugar"),
 * with its similarity. The terms are few (hundreds), so every word of them is compared.
 */
export async function closestTermWord(word: string): Promise<{ word: string; similarity: number } | undefined> {
  const { rows } = await db.execute<{ word: string; similarity: number }>(sql`
    select w.word, similarity(w.word, ${word}) as similarity
    from (select distinct regexp_split_to_table(s.search_text, ' ') as word from search_terms s) w
    where length(w.word) >= 3 and similarity(w.word, ${word}) >= ${sql.raw(String(MIN_TERM_WORD_SIMILARITY))}
    order by similarity(w.word, ${word}) desc, w.word
    limit 1`);
  return rows[0] ? { word: rows[0].word, similarity: Number(rows[0].similarity) } : undefined;
}

export type SearchTermValues = {
  term: string;
  language: SearchTermLanguage;
  testIds: string[];
  categoryIds: string[];
  words: string[];
};

/** Words and phrases as stored: normalised like queries, without blanks and repeats. */
function cleanWords(words: string[]) {
  return [...new Set(words.map(normaliseQuery).filter(Boolean))];
}

/**
 * Creates a term (no `id`; with `newId` when the id is given, as an import keeps it) or replaces
 * one's values; in the caller's transaction when given one.
 * Returns the row, or null when `id` names no term. A term whose key and language another term
 * has fails with PostgreSQL's unique violation (search_terms_match_key_language_idx).
 */
export async function writeSearchTerm(executor: Executor, values: SearchTermValues, id?: string, newId?: string) {
  const fields = {
    term: values.term.trim(),
    language: values.language,
    matchKey: termKey(values.term),
    searchText: normaliseQuery(values.term),
    words: cleanWords(values.words),
  };
  const [row] = id
    ? await executor.update(searchTerms).set(fields).where(eq(searchTerms.id, id)).returning()
    : await executor
        .insert(searchTerms)
        .values({ ...fields, ...(newId ? { id: newId } : {}) })
        .returning();
  if (!row) return null;
  if (id) {
    await executor.delete(searchTermTests).where(eq(searchTermTests.termId, row.id));
    await executor.delete(searchTermCategories).where(eq(searchTermCategories.termId, row.id));
  }
  const testIds = [...new Set(values.testIds)];
  const categoryIds = [...new Set(values.categoryIds)];
  if (testIds.length) await executor.insert(searchTermTests).values(testIds.map((testId) => ({ termId: row.id, testId })));
  if (categoryIds.length) await executor.insert(searchTermCategories).values(categoryIds.map((categoryId) => ({ termId: row.id, categoryId })));
  return row;
}

/** An admin's change to one term, in one transaction, announced to every process once saved. */
export async function saveSearchTerm(values: SearchTermValues, id?: string) {
  const row = await db.transaction((tx) => writeSearchTerm(tx, values, id));
  if (row) await announceSearchTermsChanged();
  return row;
}

export async function deleteSearchTerm(id: string) {
  const [row] = await db.delete(searchTerms).where(eq(searchTerms.id, id)).returning({ id: searchTerms.id });
  if (row) await announceSearchTermsChanged();
  return row ?? null;
}

/** Search results and pages cached by any process may change with a term: they are dropped everywhere. */
export function announceSearchTermsChanged() {
  return announceChange("pages", "within PAGE_CACHE_SECONDS");
}

/** How an admin names a test in the form or a file: its address (slug) or its name, case-insensitive. */
export async function findTestsByReference(executor: Executor, references: string[]) {
  const wanted = [...new Set(references.map((reference) => reference.trim().toLowerCase()).filter(Boolean))];
  const found = new Map<string, string>();
  if (wanted.length === 0) return found;
  const rows = await executor
    .select({ id: tests.id, slug: tests.slug, name: sql<string>`lower(${tests.name})` })
    .from(tests)
    .where(or(inArray(tests.slug, wanted), inArray(sql`lower(${tests.name})`, wanted)));
  for (const row of rows) {
    // A slug is unique; a name two tests share counts for the first one found by slug or name.
    if (wanted.includes(row.slug)) found.set(row.slug, row.id);
    if (wanted.includes(row.name) && !found.has(row.name)) found.set(row.name, row.id);
  }
  return found;
}

/** Categories by name, case-insensitive. */
export async function findCategoriesByName(executor: Executor, names: string[]) {
  const wanted = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  const found = new Map<string, string>();
  if (wanted.length === 0) return found;
  const rows = await executor
    .select({ id: testCategories.id, name: sql<string>`lower(${testCategories.name})` })
    .from(testCategories)
    .where(inArray(sql`lower(${testCategories.name})`, wanted));
  for (const row of rows) found.set(row.name, row.id);
  return found;
}

export const SEARCH_TERMS_PAGE_SIZE = 25;

export type SearchTermRow = {
  id: string;
  term: string;
  language: SearchTermLanguage;
  words: string[];
  tests: { id: string; name: string; slug: string }[];
  categories: { id: string; name: string }[];
  updatedAt: Date;
};

/** One page of the admin's list: terms containing `q` (or standing for a test or word containing it), by term. */
export async function listSearchTerms({ q, language, page }: { q: string; language: SearchTermLanguage | null; page: number }) {
  const conditions: SQL[] = [];
  if (language) conditions.push(eq(searchTerms.language, language));
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(
      or(
        ilike(searchTerms.term, pattern),
        sql`array_to_string(${searchTerms.words}, ' ') ilike ${pattern}`,
        sql`exists (select 1 from search_term_tests st join tests t on t.id = st.test_id where st.term_id = ${searchTerms.id} and t.name ilike ${pattern})`,
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(searchTerms).where(where);
  const pageCount = Math.max(1, Math.ceil(total / SEARCH_TERMS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select()
    .from(searchTerms)
    .where(where)
    .orderBy(asc(sql`lower(${searchTerms.term})`), asc(searchTerms.id))
    .limit(SEARCH_TERMS_PAGE_SIZE)
    .offset((current - 1) * SEARCH_TERMS_PAGE_SIZE);
  return { terms: await withTargets(rows), total, page: current, pageCount };
}

/** Every term with its targets, for the export. */
export async function allSearchTerms(): Promise<SearchTermRow[]> {
  const rows = await db.select().from(searchTerms).orderBy(asc(searchTerms.language), asc(sql`lower(${searchTerms.term})`));
  return withTargets(rows);
}

async function withTargets(rows: (typeof searchTerms.$inferSelect)[]): Promise<SearchTermRow[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [testRows, categoryRows] = await Promise.all([
    db
      .select({ termId: searchTermTests.termId, id: tests.id, name: tests.name, slug: tests.slug })
      .from(searchTermTests)
      .innerJoin(tests, eq(tests.id, searchTermTests.testId))
      .where(inArray(searchTermTests.termId, ids))
      .orderBy(asc(tests.name)),
    db
      .select({ termId: searchTermCategories.termId, id: testCategories.id, name: testCategories.name })
      .from(searchTermCategories)
      .innerJoin(testCategories, eq(testCategories.id, searchTermCategories.categoryId))
      .where(inArray(searchTermCategories.termId, ids))
      .orderBy(asc(testCategories.name)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    term: row.term,
    language: row.language,
    words: row.words,
    updatedAt: row.updatedAt,
    tests: testRows.filter((test) => test.termId === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
    categories: categoryRows.filter((category) => category.termId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}
