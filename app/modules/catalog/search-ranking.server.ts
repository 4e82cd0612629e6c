// The relevance search (issue 30, decision 0032): what a query means (its words, the synonyms it
// contains, CPT codes), and one page of the tests that match it, ranked by a score a person would
// agree with. search-tests.server.ts calls it for every search with a query.
import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import type { Language } from "~/i18n/languages";
import { foldArabicSql, hasArabic } from "~/modules/catalog/arabic-search";
import { isCptCode, isStopWord, queryWords, wordKey, wordRuns } from "~/modules/catalog/search-query";
import { arrayLiteralItem, matchedTermsSql, type MatchedTerm } from "~/modules/catalog/search-terms.server";
import { escapeLike } from "~/utils/escape-like";

/** The scores (decision 0032). A test's score is the best that any of its matches earns. */
export const SCORE = {
  /** The name is the query (also without what is in parentheses, or the abbreviation in them), or the CPT code is. */
  exactName: 100,
  /** A synonym or everyday term that is the whole query stands for the test. */
  synonym: 95,
  /** The name starts with the query's words. */
  namePrefix: 90,
  /** A term is part of the query and the name has the query's other words. */
  partialSynonym: 88,
  /** The query's words are together in the name. */
  namePhrase: 85,
  /** The name starts with the query's letters ("urin" for "Urine Analysis"). */
  nameStart: 80,
  /** Every word of the query starts a word of the name (English or Arabic), in any order. */
  nameWords: 75,
  /** The name contains the query's letters (a part of a word). */
  nameContains: 65,
  /** A package or panel containing a test that matched by name or synonym, or an analyte of that name. */
  packageContains: 55,
  /** A term is part of the query, the name lacks the query's other words. */
  partialSynonymAlone: 50,
  /** The test's category matches the query, or a term stands for the category. */
  category: 45,
  /** The description (or the name) has the query's words, stemmed (full text). */
  description: 40,
} as const;

/** A test found by its name alone scores at least this: below it, a misspelt query is worth correcting. */
export const NAME_LEVEL = SCORE.nameContains;
/** Packages contain the analytes of tests that matched at least this well: the best MAX_COMPONENTS of them (a bounded cost). */
const COMPONENT_LEVEL = SCORE.nameWords;
const MAX_COMPONENTS = 100;
/** What a reading of the query with a synonym's words in its place loses. */
const REWRITE_PENALTY = 2;
/** What a reading of the query without the words no test name has loses ("vitamin d deficiency" read as "vitamin d"). */
const REDUCED_PENALTY = 30;
const MAX_VARIANTS = 5;
/** Words of a long query after these are not checked against the names (nor corrected). */
const MAX_PROBED_WORDS = 8;

/** One reading of the query: its words as typed (`surface`) and as compared (`keys`, see wordKey). */
export type QueryVariant = { surface: string[]; keys: string[]; penalty: number };

export type QueryAnalysis = {
  /** The query's words (normalised). */
  words: string[];
  /** The readings: the query itself first, then with synonyms' words, then without unknown words. */
  variants: QueryVariant[];
  /** Tests that terms covering every word (stop words aside) stand for. */
  synonymTestIds: string[];
  /** Tests of terms covering part of the query, and the keys of the query's other words. */
  partialTestIds: string[];
  restKeys: string[];
  /** Categories whose name matches the query, and those terms stand for. */
  categoryIds: string[];
  cptCodes: string[];
  /** Words (3+ letters, no term, not a code) that no test name has: candidates for a spelling correction. */
  unknownWords: string[];
};

/** Reads a normalised query: its words, the synonyms among them, its CPT codes and the words no test name has. */
export async function analyseQuery(normalised: string): Promise<QueryAnalysis> {
  const words = mergeLetterAndNumber(queryWords(normalised));
  const keys = words.map(wordKey);
  const allStop = words.every(isStopWord);
  const content = words.map((word) => allStop || !isStopWord(word));
  const runs = wordRuns(words);
  const contentIndexes = words.map((_, index) => index).filter((index) => content[index]);
  const base: QueryVariant = { surface: contentIndexes.map((i) => words[i]), keys: contentIndexes.map((i) => keys[i]), penalty: 0 };
  const { terms, absent, categoryIds } = await termsAndUnknownWords(runs.map((run) => run.key), words, content, base);

  // Terms found as runs of words, the longest first from the left; a stop word alone is never a term's.
  const termsByKey = new Map<string, MatchedTerm[]>();
  for (const term of terms) termsByKey.set(term.matchKey, [...(termsByKey.get(term.matchKey) ?? []), term]);
  const covers: { start: number; length: number; terms: MatchedTerm[] }[] = [];
  for (let start = 0; start < words.length; ) {
    const run = runs
      .filter((candidate) => candidate.start === start && termsByKey.has(candidate.key))
      .filter((candidate) => candidate.length > 1 || content[start])
      .sort((a, b) => b.length - a.length)[0];
    if (run) {
      covers.push({ start, length: run.length, terms: termsByKey.get(run.key)! });
      start += run.length;
    } else start += 1;
  }
  const covered = new Set(covers.flatMap((cover) => Array.from({ length: cover.length }, (_, i) => cover.start + i)));
  const rest = contentIndexes.filter((index) => !covered.has(index));
  const coverTestIds = unique(covers.flatMap((cover) => cover.terms.flatMap((term) => term.testIds)));
  const full = covers.length > 0 && rest.length === 0;

  const variants = [base, ...rewrites(words, keys, content, covers)];
  const unknownWords = words.filter((word, index) => absent.has(index) && !covered.has(index) && PROBED_WORD.test(word));
  if (contentIndexes.length > 1) {
    const known = contentIndexes.filter((index) => !absent.has(index) || covered.has(index));
    // Only when a word left is long enough for the trigram index: "vitamn d" read as "d" would scan every name.
    if (known.length > 0 && known.length < contentIndexes.length && known.some((index) => keys[index].length >= 3)) {
      variants.push({ surface: known.map((i) => words[i]), keys: known.map((i) => keys[i]), penalty: REDUCED_PENALTY });
    }
  }
  return {
    words,
    variants: dedupeVariants(variants).slice(0, MAX_VARIANTS),
    synonymTestIds: full ? coverTestIds : [],
    partialTestIds: full ? [] : coverTestIds,
    restKeys: rest.map((index) => keys[index]),
    categoryIds: unique([...categoryIds, ...covers.flatMap((cover) => cover.terms.flatMap((term) => term.categoryIds))]),
    cptCodes: words.filter(isCptCode),
    unknownWords,
  };
}

/** "b 12" is "b12", "t 4" is "t4": a letter and the number after it make one word, as in test names. */
function mergeLetterAndNumber(words: string[]) {
  const merged: string[] = [];
  for (const word of words) {
    const previous = merged.at(-1);
    if (previous && /^[a-z]$/.test(previous) && /^\d{1,3}$/.test(word)) merged[merged.length - 1] = previous + word;
    else merged.push(word);
  }
  return merged;
}

/** The query read with each term's words in its place (first words first), stop words left out. */
function rewrites(words: string[], keys: string[], content: boolean[], covers: { start: number; length: number; terms: MatchedTerm[] }[]): QueryVariant[] {
  const choices = covers.map((cover) => unique(cover.terms.flatMap((term) => term.words)));
  if (choices.every((options) => options.length === 0)) return [];
  const combinations: (string | null)[][] = [[]];
  for (const options of choices) {
    const next: (string | null)[][] = [];
    for (const combination of combinations) {
      for (const option of options.length ? options : [null]) next.push([...combination, option]);
    }
    combinations.splice(0, combinations.length, ...next.slice(0, MAX_VARIANTS));
  }
  return combinations.map((combination) => {
    const surface: string[] = [];
    const variantKeys: string[] = [];
    for (let index = 0; index < words.length; ) {
      const coverIndex = covers.findIndex((cover) => cover.start === index);
      const replacement = coverIndex >= 0 ? combination[coverIndex] : null;
      if (coverIndex >= 0 && replacement !== null) {
        const replaced = queryWords(replacement);
        surface.push(...replaced);
        variantKeys.push(...replaced.map(wordKey));
        index += covers[coverIndex].length;
        continue;
      }
      if (content[index]) {
        surface.push(words[index]);
        variantKeys.push(keys[index]);
      }
      index += 1;
    }
    return { surface, keys: variantKeys, penalty: REWRITE_PENALTY };
  });
}

function dedupeVariants(variants: QueryVariant[]) {
  const seen = new Set<string>();
  return variants.filter((variant) => {
    const key = variant.surface.join(" ");
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const unique = <T>(items: T[]) => [...new Set(items)];

/**
 * A word worth a probe: three letters or digits in a row. Without them ("u&e", "t-4") the trigram
 * index has nothing to go on and the probe would recheck every name with one of the letters
 * (19,754 of 100,000 for "u&e", 30 ms), and a spelling correction nothing to compare.
 */
const PROBED_WORD = /[\p{L}\p{N}]{3}/u;
/**
 * A Latin word of two letters or digits ("d3", "k2"): probed at the start of the names' words,
 * which the trigram index finds with the space before it. When no name has it, the query is also
 * read without it ("vitamin k2" as "vitamin") rather than finding nothing; it is never corrected.
 */
const SHORT_WORD = /^[a-z0-9]{2}$/;

/**
 * In one statement: the terms found among the runs of words, and the indexes of the query's words
 * (three letters or digits in a row, or a short Latin word; not a code or a number) that no test name
 * has, English or Arabic (one trigram index probe each).
 */
async function termsAndUnknownWords(keys: string[], words: string[], content: boolean[], query: QueryVariant) {
  // A short word is only worth a probe when the query has other words to be read without it.
  const severalWords = content.filter(Boolean).length > 1;
  const checked = words
    .map((word, index) => ({ word, index }))
    .filter(({ word, index }) => content[index] && (PROBED_WORD.test(word) || (severalWords && SHORT_WORD.test(word))) && !isCptCode(word) && !/^\d+$/.test(word))
    .slice(0, MAX_PROBED_WORDS);
  const probes = checked.map(({ word }, i) => {
    if (SHORT_WORD.test(word)) return sql`exists (select 1 from tests where search_name like ${`% ${word}%`}) as ${sql.identifier(`w${i}`)}`;
    const key = wordKey(word);
    const pattern = `%${escapeLike(hasArabic(word) && key.length >= 3 ? key : word)}%`;
    return sql`exists (select 1 from tests where lower(name) like ${pattern} or name_ar_search like ${pattern}) as ${sql.identifier(`w${i}`)}`;
  });
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${matchedTermsSql(keys)} as terms, array(${categoryIdsSql(query)})::text[] as category_ids${probes.length ? sql`, ${sql.join(probes, sql`, `)}` : sql``}`,
  );
  const [row] = rows;
  const terms = (typeof row.terms === "string" ? JSON.parse(row.terms) : row.terms) as MatchedTerm[];
  return {
    terms,
    categoryIds: parseTextArray(row.category_ids),
    absent: new Set(checked.filter((_, i) => !row[`w${i}`]).map(({ index }) => index)),
  };
}

/** A text[] as the drivers return it: an array (node-postgres) or its literal (PGlite may). */
function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string" && value.startsWith("{")) return value.slice(1, -1).split(",").filter(Boolean);
  return [];
}

/** The filters of the search page as a condition on a test row `t` (empty when there are none). */
export type RowFilter = SQL;

export type RankedRow = {
  id: string;
  name: string;
  name_ar: string | null;
  slug: string;
  price_fils: number;
  featured_image: string | null;
  description: string | null;
  description_ar: string | null;
  result_time: string | null;
  offer_count: number;
  total: string | number;
  top_score: string | number;
};

const like = (value: string) => escapeLike(value);
/** A score in SQL: a constant of this file, written as a literal so every expression is an integer. */
const score = (value: number) => sql.raw(String(Math.trunc(value)));
const uuidArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;
const textArray = (items: string[]) => sql`${`{${items.map(arrayLiteralItem).join(",")}}`}::text[]`;
const isArabicWord = (word: string) => hasArabic(word);
/** Whether a word has a letter or a digit (not a sign alone, such as "&"). */
const hasLetters = (word: string) => /[\p{L}\p{N}]/u.test(word);

/** How well a test's name matches one reading of the query, as a SQL expression on `t` (0 when it does not). */
function variantScore(variant: QueryVariant): SQL {
  const phrase = variant.surface.join(" ");
  const keyPhrase = variant.keys.join(" ");
  const arabic = variant.keys.some(isArabicWord);
  const latin = variant.surface.some((word) => !isArabicWord(word));
  const exact: SQL[] = [];
  const prefix: SQL[] = [];
  const together: SQL[] = [];
  const start: SQL[] = [];
  const contains: SQL[] = [];
  if (latin) {
    // The name as known without what is in parentheses, the whole name, or what parentheses in it hold
    // ("CBC" at the end, "CK" in "Creatine Kinase (CK), Total").
    exact.push(
      sql`t.search_name_base = ${` ${phrase} `}`,
      sql`t.search_name = ${` ${phrase} `}`,
      sql`t.search_name = rtrim(t.search_name_base) || ${` ${phrase} `}`,
      sql`lower(t.name) like ${`%(${like(phrase)})%`}`,
    );
    prefix.push(sql`t.search_name like ${` ${like(phrase)} %`}`);
    together.push(sql`t.search_name like ${`% ${like(phrase)} %`}`);
    start.push(sql`t.search_name like ${` ${like(phrase)}%`}`);
    contains.push(sql`t.search_name like ${`%${like(phrase)}%`}`);
  }
  if (arabic) {
    exact.push(sql`t.search_name_ar_base = ${` ${keyPhrase} `}`, sql`t.search_name_ar = ${` ${keyPhrase} `}`);
    prefix.push(sql`t.search_name_ar like ${` ${like(keyPhrase)} %`}`);
    together.push(sql`t.search_name_ar like ${`% ${like(keyPhrase)} %`}`);
    start.push(sql`t.search_name_ar like ${` ${like(keyPhrase)}%`}`);
    contains.push(sql`t.search_name_ar like ${`%${like(keyPhrase)}%`}`);
  }
  const eachWord = variant.keys.map((key, index) => {
    const surface = variant.surface[index];
    return isArabicWord(key)
      ? sql`t.search_name_ar like ${`% ${like(key)}%`}`
      : key === surface
        ? sql`t.search_name like ${`% ${like(key)}%`}`
        : sql`(t.search_name like ${`% ${like(key)}%`} or t.search_name like ${`% ${like(surface)}%`})`;
  });
  const lines: SQL[] = [
    sql`when ${sql.join(exact, sql` or `)} then ${score(SCORE.exactName)}`,
    sql`when ${sql.join(prefix, sql` or `)} then ${score(SCORE.namePrefix)}`,
    sql`when ${sql.join(together, sql` or `)} then ${score(SCORE.namePhrase)}`,
    sql`when ${sql.join(start, sql` or `)} then ${score(SCORE.nameStart)}`,
    sql`when ${sql.join(eachWord, sql` and `)} then ${score(SCORE.nameWords)}`,
  ];
  lines.push(sql`when ${sql.join(contains, sql` or `)} then ${score(SCORE.nameContains)}`);
  return sql`(case ${sql.join(lines, sql` `)} else ${score(variant.penalty)} end - ${score(variant.penalty)})`;
}

/**
 * A LIKE pattern of words in order: "%vitamin_d%", "%lipid%profile%". A short word follows the one
 * before it after one character (a space or a sign: "Vitamin D", "PT/INR"), so it does not match
 * any later letter.
 */
function inOrder(words: string[]) {
  return `%${words.map((word, index) => (index > 0 && word.length <= 2 ? `_${like(word)}` : `${index > 0 ? "%" : ""}${like(word)}`)).join("")}%`;
}

/**
 * A query of one three-letter word ("alt", "ast", "tsh") is looked for at the start of the names'
 * words: inside words those letters are everywhere ("health", "salt", "cobalt": 16,000 of 100,000
 * names for "alt"), none of them what the patient meant, and each would be scored.
 */
const startsWords = (words: string[]) => words.length === 1 && words[0].length === 3;

/**
 * The rows worth scoring by name, each found by an index: a reading's words in order in a name
 * (trigram), in any order (each word in either name; a query mixing the languages), the synonyms'
 * tests and the CPT codes.
 */
function nameCandidates(analysis: QueryAnalysis): SQL[] {
  const conditions: SQL[] = [];
  for (const variant of analysis.variants) {
    const latinWords = variant.surface.filter((word) => !isArabicWord(word));
    const arabicKeys = variant.keys.filter(isArabicWord);
    if (latinWords.length === variant.surface.length) {
      // Signs alone ("&" in "u & e") are no word to find in a name.
      const words = variant.surface.filter(hasLetters);
      if (words.length > 0 && words.every((word) => word.length < 3 && /^[\p{L}\p{N}]+$/u.test(word))) {
        // Words too short for a trigram inside a word ("tb", "t4", "ck") are found as whole words of
        // the name: with the spaces around them they have trigrams (" t4", "t4 ").
        conditions.push(sql`(${sql.join(words.map((word) => sql`t.search_name like ${`% ${word} %`}`), sql` and `)})`);
      } else if (startsWords(variant.surface)) conditions.push(sql`t.search_name like ${`% ${like(variant.surface[0])}%`}`);
      // Without three letters in a row the trigram index would hand every name over to be rechecked.
      else if (variant.surface.some((word) => PROBED_WORD.test(word))) conditions.push(sql`lower(t.name) like ${inOrder(variant.surface)}`);
    }
    if (arabicKeys.length === variant.keys.length) {
      // A key shortened below three letters by its article ("السل" -> "سل") is looked for with it.
      const words = variant.keys.map((key, index) => (key.length < 3 ? variant.surface[index] : key));
      conditions.push(sql`t.name_ar_search like ${`%${words.map(like).join("%")}%`}`);
    }
    // Any order: each word in either name, when every word is long enough for the trigram index.
    const indexable = variant.keys.every((key) => key.length >= (isArabicWord(key) ? 2 : 3));
    if (variant.keys.length > 1 && indexable) {
      conditions.push(
        sql`(${sql.join(
          variant.keys.map((key, index) =>
            isArabicWord(key) ? sql`t.name_ar_search like ${`%${like(key)}%`}` : sql`lower(t.name) like ${`%${like(variant.surface[index])}%`}`,
          ),
          sql` and `,
        )})`,
      );
    }
  }
  const synonymIds = [...analysis.synonymTestIds, ...analysis.partialTestIds];
  if (synonymIds.length) conditions.push(sql`t.id = any(${uuidArray(synonymIds)})`);
  if (analysis.cptCodes.length) conditions.push(sql`lower(t.cpt_code) = any(${textArray(analysis.cptCodes)})`);
  return conditions;
}

/** The name-level score of a candidate: its best reading, its synonyms and its CPT code. */
function nameScore(analysis: QueryAnalysis): SQL {
  const parts = analysis.variants.map(variantScore);
  if (analysis.synonymTestIds.length) parts.push(sql`(case when t.id = any(${uuidArray(analysis.synonymTestIds)}) then ${score(SCORE.synonym)} else 0 end)`);
  if (analysis.partialTestIds.length) {
    const rest = analysis.restKeys.map((key) =>
      isArabicWord(key) ? sql`t.search_name_ar like ${`% ${like(key)}%`}` : sql`t.search_name like ${`% ${like(key)}%`}`,
    );
    const withRest = rest.length ? sql`case when ${sql.join(rest, sql` and `)} then ${score(SCORE.partialSynonym)} else ${score(SCORE.partialSynonymAlone)} end` : sql`${score(SCORE.partialSynonym)}`;
    parts.push(sql`(case when t.id = any(${uuidArray(analysis.partialTestIds)}) then ${withRest} else 0 end)`);
  }
  if (analysis.cptCodes.length) parts.push(sql`(case when lower(t.cpt_code) = any(${textArray(analysis.cptCodes)}) then ${score(SCORE.exactName)} else 0 end)`);
  return parts.length === 1 ? parts[0] : sql`greatest(${sql.join(parts, sql`, `)})`;
}

/** Full text over the name and description, every word of the query as typed (as before issue 30): the widest net, for the lowest score. */
function fullText(analysis: QueryAnalysis): SQL[] {
  return analysis.words.length ? [sql`t.search_vector @@ plainto_tsquery('english', ${analysis.words.join(" ")})`] : [];
}

/**
 * Analytes named like a reading of the query, in what packages contain (those that are tests are
 * found as the tests). Words all shorter than three letters ("t4", "ck", "u e") are looked for at
 * the start of the analyte's words: inside words they have no trigram for the index, and every
 * analyte would be read (32,000 of them at 100,000 tests).
 */
function analyteMatches(analysis: QueryAnalysis): SQL[] {
  return analysis.variants
    .filter((variant) => variant.penalty < REDUCED_PENALTY && variant.surface.every((word) => !isArabicWord(word)))
    .map((variant) => variant.surface.filter(hasLetters))
    .filter((letters) => letters.length > 0)
    .map((letters) => {
      const words = `${letters.map(like).join("%")}%`;
      const named = letters.every((word) => word.length < 3)
        ? sql`(lower(c.analyte) like ${words} or lower(c.analyte) like ${`% ${words}`})`
        : sql`lower(c.analyte) like ${`%${words}`}`;
      return sql`c.component_test_id is null and ${named}`;
    });
}

/** The categories whose name matches the query (English, or Arabic folded): a SELECT of ids. */
function categoryIdsSql(query: QueryVariant): SQL {
  // Signs alone ("&") would match every category with one in its name ("Fertility & Hormones").
  if (!query.surface.some(hasLetters)) return sql`select null::uuid where false`;
  const phrase = query.surface.join(" ");
  const latinName = startsWords(query.surface)
    ? sql`' ' || regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g') like ${`% ${like(phrase)}%`}`
    : sql`lower(name) like ${`%${like(phrase)}%`}`;
  const condition = query.keys.some(isArabicWord)
    ? sql`${foldArabicSql("name_ar")} like ${`%${query.keys.map(like).join("%")}%`}`
    : sql`${latinName} or to_tsvector('english', name) @@ plainto_tsquery('english', ${phrase})`;
  return sql`select id from test_categories where ${condition}`;
}

export type RankOptions = {
  /** Conditions on `t` every result must meet (the category and lab filters), or null. */
  filter: SQL | null;
  /** The chosen sort as an ORDER BY on the matched rows `m`, or null for relevance. */
  sortOrder: SQL | null;
  language: Language;
  limit: number;
  offset: number;
};

/**
 * The matching tests (decision 0032), in one statement. Candidates found by name (trigram indexes
 * on the names, the synonyms' and CPT codes' ids) are scored by name; the others found by category
 * or full text score 45 or 40; packages containing the best of what matched by name score 55. Each
 * test keeps its best score. Without a chosen sort: score, then popularity (bookings), then the
 * shorter name, then the name the page shows. Answers the page's rows with the total and the best
 * score of all matches.
 *
 * A relevance page whose tests all scored above a package (the usual first page) is read from the
 * tests found by name alone, the others only counted by id; otherwise (or with a chosen sort or
 * filters) every match is read. PostgreSQL runs only the branch that applies.
 */
export async function rankedPage(analysis: QueryAnalysis, options: RankOptions): Promise<RankedRow[]> {
  return (await db.execute<RankedRow>(rankedSql(analysis, options))).rows;
}

function rankedSql(analysis: QueryAnalysis, options: RankOptions): SQL {
  const filter = options.filter ? sql`${options.filter} and ` : sql``;
  const names = nameCandidates(analysis);
  const inCategory = analysis.categoryIds.length ? sql`t.category_id = any(${uuidArray(analysis.categoryIds)})` : null;
  // The tests found by full text (scoring as a description match) or by category, each condition
  // its own branch: joined with OR, the planner reads every test when they match many together
  // ("vitamin": 16,000 of 100,000, a sequential scan of 150 ms) where each index alone takes a few.
  const wide = [
    ...fullText(analysis).map((condition) => ({ condition, score: SCORE.description })),
    ...(inCategory ? [{ condition: inCategory, score: SCORE.category }] : []),
  ];
  // Synonyms' tests are among the named rows, with their scores: a term covering only part of the query lifts no package.
  const packageIds = [
    sql`select c.package_test_id as id from test_contents c where c.component_test_id = any(array(
      select id from named where score >= ${score(COMPONENT_LEVEL)} order by score desc, booking_count desc, length(name), id limit ${score(MAX_COMPONENTS)}))`,
    ...analyteMatches(analysis).map((condition) => sql`select c.package_test_id as id from test_contents c where ${condition}`),
  ];
  // Equally good matches: the more booked first, then the shorter name (a closer match: "PSA, Total" before its lab variants).
  const shownName = options.language === "ar" ? sql`coalesce(m.name_ar, m.name)` : sql`lower(m.name)`;
  const order = options.sortOrder ?? sql`m.score desc, m.booking_count desc, length(${shownName}) asc, ${shownName} collate "C" asc, m.id asc`;
  const columns = sql`t.id, t.name, t.name_ar, t.price_fils, t.result_time_hours, t.booking_count`;
  const page = (name: string, from: SQL, total: SQL) => sql`
    ${sql.raw(name)} as (
      select m.*, ${total} as total, max(m.score) over () as top_score
      from ${from} m
      order by ${order}
      limit ${options.limit} offset ${options.offset}
    )`;
  const light = !options.sortOrder && !options.filter;
  return sql`
    with named as materialized (
      select ${columns}, ${names.length ? nameScore(analysis) : sql`0`} as score
      from tests t
      where ${filter}(${names.length ? sql.join(names, sql` or `) : sql`false`})
    ),
    packs as materialized (${sql.join(packageIds, sql` union `)}),
    ${
      light
        ? sql`${page(
            "named_page",
            sql`(select * from named where score > 0)`,
            // Only counted: the tests found by category or full text, and the packages.
            sql`(select count(*) from (select id from named where score > 0 ${sql.join(
              wide.map(({ condition }) => sql`union select t.id from tests t where ${condition} `),
              sql``,
            )}union select id from packs) every_match)`,
          )},
          complete as (
            select count(*) = ${options.limit} and coalesce(min(score), 0) > ${score(SCORE.packageContains)} as ok from named_page
          ),`
        : sql``
    }
    hits as (
      select * from named where score > 0
      union all
      ${sql.join(
        wide.map(({ condition, score: earned }) => sql`select ${columns}, ${score(earned)} as score from tests t where ${filter}(${condition}) union all `),
        sql``,
      )}
      select ${columns}, ${score(SCORE.packageContains)} as score from tests t where ${filter}t.id = any(array(select id from packs))
    ),
    matches as materialized (
      select id, max(name) as name, max(name_ar) as name_ar, max(price_fils) as price_fils,
        max(result_time_hours) as result_time_hours, max(booking_count) as booking_count, max(score) as score
      from hits group by id
    ),
    ${page("full_page", sql`matches`, sql`count(*) over ()`)},
    chosen as (
      ${light ? sql`select * from named_page where (select ok from complete) union all select * from full_page where not (select ok from complete)` : sql`select * from full_page`}
    )
    select t.id, t.name, t.name_ar, t.slug, t.price_fils, t.featured_image, t.description, t.description_ar, t.result_time,
      t.offer_count, m.total, m.top_score, m.score
    from chosen m join tests t on t.id = m.id
    order by ${order}`;
}
