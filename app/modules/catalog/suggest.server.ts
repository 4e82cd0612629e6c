// Suggestions as you type (issue 30, decision 0035): tests, categories and labs whose names start
// with or contain what was typed, the matched part marked, in the page's language. Tests come from
// two small index reads (names starting with the text, from a "C"-collated btree; then names
// containing it, from the trigram index, for three characters or more); categories and labs, a few
// dozen rows, are matched in memory. Answers are shared by every visitor until the catalogue changes.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { labs, testCategories } from "~/db/schema";
import { eq } from "drizzle-orm";
import type { Language } from "~/i18n/languages";
import { foldArabic, hasArabic } from "~/modules/catalog/arabic-search";
import { MAX_SUGGEST_CHARS, MIN_SUGGEST_CHARS, type Highlight, type SuggestAnswer, type Suggestion, type SuggestionKind } from "~/modules/catalog/suggestions";
import { stripControlCharacters } from "~/utils/control-characters";
import { escapeLike } from "~/utils/escape-like";
import { shared } from "~/utils/shared-data.server";

const TEST_SUGGESTIONS = 6;
const CATEGORY_SUGGESTIONS = 3;
const LAB_SUGGESTIONS = 3;
/** Rows read per index look-up: names repeat (variants of one test), and duplicates are dropped. */
const ROWS_READ = 24;

/** What /api/suggest accepts: q (any text; control characters dropped) and lang (en or ar). */
export const suggestQuerySchema = z.object({
  q: z
    .string({ error: "Say what to suggest for (q)." })
    .transform((value) => stripControlCharacters(value).replace(/\s+/g, " ").trim())
    .pipe(z.string().max(MAX_SUGGEST_CHARS, `Suggestions are made for at most ${MAX_SUGGEST_CHARS} characters.`)),
  lang: z.enum(["en", "ar"], { error: "The language (lang) must be en or ar." }).default("en"),
});

export type SuggestOutcome = { status: 200; answer: SuggestAnswer } | { status: 400; error: string };

/** Parses the query string and suggests; a malformed one is a 400 with the reason. */
export async function suggestFor(params: URLSearchParams): Promise<SuggestOutcome> {
  const parsed = suggestQuerySchema.safeParse({ q: params.get("q") ?? undefined, lang: params.get("lang") ?? undefined });
  if (!parsed.success) return { status: 400, error: parsed.error.issues[0].message };
  return { status: 200, answer: await suggest(parsed.data.q, parsed.data.lang) };
}

/** The suggestions for a text typed on a page in `language` (none below MIN_SUGGEST_CHARS). */
export function suggest(q: string, language: Language): Promise<SuggestAnswer> {
  const folded = foldArabic(q.replace(/\s+/g, " ").trim());
  if ([...folded].length < MIN_SUGGEST_CHARS) return Promise.resolve({ q, suggestions: [] });
  return shared(`suggest:${language}:${folded}`, "catalog", async () => ({
    q: folded,
    suggestions: [...(await testSuggestions(folded, language)), ...(await directorySuggestions(folded, language))],
  }));
}

type Named = { name: string; nameAr: string | null; path: string };

/** Where `folded` (already folded) occurs in `text`, preferring the start of a word: [start, end) in text. */
export function locate(text: string, folded: string): Highlight | null {
  let foldedText = "";
  const source: number[] = [];
  for (let i = 0; i < text.length; i++) {
    for (const char of foldArabic(text[i])) {
      foldedText += char;
      source.push(i);
    }
  }
  let first = -1;
  for (let at = foldedText.indexOf(folded); at >= 0; at = foldedText.indexOf(folded, at + 1)) {
    if (first < 0) first = at;
    if (at === 0 || !/[\p{L}\p{N}]/u.test(foldedText[at - 1])) {
      first = at;
      break;
    }
  }
  if (first < 0) return null;
  return [source[first], source[first + folded.length - 1] + 1];
}

/** A suggestion for a named thing, or null when the text occurs in neither of its names. */
function toSuggestion(kind: SuggestionKind, item: Named, folded: string, language: Language): (Suggestion & { rank: number }) | null {
  const shownArabic = language === "ar" && !!item.nameAr;
  const label = shownArabic ? item.nameAr! : item.name;
  const other = shownArabic ? item.name : item.nameAr;
  const inLabel = locate(label, folded);
  const inOther = inLabel || !other ? null : locate(other, folded);
  const found = inLabel ?? inOther;
  if (!found) return null;
  const text = inLabel ? label : other!;
  const atWordStart = found[0] === 0 || !/[\p{L}\p{N}]/u.test(text[found[0] - 1]);
  return {
    kind,
    label,
    labelLanguage: shownArabic ? "ar" : "en",
    highlight: inLabel,
    matched: inOther ? { text: other!, language: shownArabic ? "en" : "ar", highlight: inOther } : null,
    path: item.path,
    // Names starting with the text first, then a word starting with it, then anywhere; shorter first.
    rank: (found[0] === 0 ? 0 : atWordStart ? 1 : 2) * 1_000 + Math.min(text.length, 999),
  };
}

function best(candidates: (Suggestion & { rank: number })[], limit: number): Suggestion[] {
  const seen = new Set<string>();
  return candidates
    .sort((a, b) => a.rank - b.rank)
    .filter((candidate) => {
      const key = `${candidate.label.toLowerCase()}|${candidate.matched?.text.toLowerCase() ?? ""}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit)
    .map(({ rank: _rank, ...suggestion }) => suggestion);
}

type TestRow = { name: string; name_ar: string | null; slug: string };

/**
 * Tests whose name (the folded Arabic one for Arabic letters) starts with the text, read in order
 * from a "C"-collated btree, then, for three characters or more and while fewer than wanted were
 * found, some whose name contains it, from the trigram index.
 */
async function testSuggestions(folded: string, language: Language): Promise<Suggestion[]> {
  const column = hasArabic(folded) ? sql`name_ar_search` : sql`lower(name)`;
  const { rows: starting } = await db.execute<TestRow>(sql`
    select name, name_ar, slug from tests
    where (${column} collate "C") like ${`${escapeLike(folded)}%`}
    order by (${column} collate "C") limit ${ROWS_READ}`);
  let rows = starting;
  if (new Set(starting.map((row) => row.name)).size < TEST_SUGGESTIONS && [...folded].length >= 3) {
    const { rows: containing } = await db.execute<TestRow>(sql`
      select name, name_ar, slug from tests
      where ${column} like ${`%${escapeLike(folded)}%`} and not ((${column} collate "C") like ${`${escapeLike(folded)}%`})
      limit ${ROWS_READ * 2}`);
    rows = [...starting, ...containing];
  }
  const candidates = rows.flatMap((row) => toSuggestion("test", { name: row.name, nameAr: row.name_ar, path: `/product/${row.slug}` }, folded, language) ?? []);
  return best(candidates, TEST_SUGGESTIONS);
}

/** The categories and active labs, a few dozen rows read once and shared until the catalogue changes. */
function directory() {
  return shared("suggest-directory", "catalog", async () => {
    const [categories, activeLabs] = await Promise.all([
      db.select({ id: testCategories.id, name: testCategories.name, nameAr: testCategories.nameAr }).from(testCategories),
      db.select({ slug: labs.slug, name: labs.name, nameAr: labs.nameAr }).from(labs).where(eq(labs.isActive, true)),
    ]);
    return {
      categories: categories.map((category): Named => ({ name: category.name, nameAr: category.nameAr, path: `/category/${category.id}` })),
      labs: activeLabs.map((lab): Named => ({ name: lab.name, nameAr: lab.nameAr, path: `/labs/${lab.slug}` })),
    };
  });
}

async function directorySuggestions(folded: string, language: Language): Promise<Suggestion[]> {
  const { categories, labs: labList } = await directory();
  const match = (kind: SuggestionKind, items: Named[]) => items.flatMap((item) => toSuggestion(kind, item, folded, language) ?? []);
  return [...best(match("category", categories), CATEGORY_SUGGESTIONS), ...best(match("lab", labList), LAB_SUGGESTIONS)];
}
