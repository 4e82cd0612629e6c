// How a search query is read (issue 30, decision 0032): one normal form for the query, its words, and
// the keys that synonyms are looked up by. Pure functions, shared by the search, the synonyms'
// admin and the search statistics, so each sees a query the same way.
import { foldArabic, hasArabic } from "~/modules/catalog/arabic-search";

/** Longer queries are cut before they reach the database (the same limit as the search page's). */
const MAX_NORMALISED_LENGTH = 200;

const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** Apostrophes join ("Men's" is "mens"), as in the database's search names. */
const APOSTROPHES = /['\u2019`]/g;
/** Anything but letters, marks, digits, "&" and "+" separates words ("hs-CRP" is "hs crp", "U&E" stays "u&e"). */
const SEPARATORS = /[^\p{L}\p{M}\p{N}&+]+/gu;

/**
 * The normal form of a search query: Unicode-compatibility folded (full-width letters, Arabic
 * presentation forms), lower case, Arabic spellings folded (alef forms, ta marbuta, alef maqsura,
 * diacritics, tatweel), Arabic-Indic digits as 0-9, apostrophes dropped, other punctuation as
 * spaces, single spaces, at most
 * 200 characters. Two queries with the same normal form get the same results: the search reads
 * nothing else of the query, so results may be cached under it (with the filters, the page and
 * the page's language).
 */
export function normaliseQuery(query: string): string {
  const folded = foldArabic(query.normalize("NFKC")).replace(ARABIC_INDIC_DIGITS, (digit) =>
    String(digit.charCodeAt(0) - (digit.charCodeAt(0) >= 0x06f0 ? 0x06f0 : 0x0660)),
  );
  return folded.replace(APOSTROPHES, "").replace(SEPARATORS, " ").trim().slice(0, MAX_NORMALISED_LENGTH).trim();
}

/** The words of a normalised query. */
export function queryWords(normalised: string): string[] {
  return normalised ? normalised.split(" ") : [];
}

/** Arabic definite article and the prefixes that carry it ("الحديد", "بالسكر", "للغدة"), folded. */
const ARABIC_ARTICLE = /^(?:ال|وال|بال|فال|كال|لل)(?=.{2})/u;

/**
 * A word as synonyms and word matches compare it: an Arabic word without its definite article
 * ("السكر" -> "سكر"), a Latin word without a plural "s" ("levels" -> "level", "allergies" ->
 * "allergy"). The database strips the article the same way (search-ranking.server.ts).
 */
export function wordKey(word: string): string {
  if (hasArabic(word)) return word.replace(ARABIC_ARTICLE, "");
  if (!/^[a-z]+$/.test(word)) return word;
  if (word.length >= 5 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length >= 4 && /[^sui]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The key a synonym's term is found by: its words' keys run together ("Sugar levels" -> "sugarlevel", "U & E" -> "u&e"). */
export function termKey(term: string): string {
  return queryWords(normaliseQuery(term)).map(wordKey).join("");
}

/**
 * Words that say what kind of thing is wanted rather than which test ("test", "level", "فحص",
 * "تحليل"), compared by their keys. A query keeps them when it has nothing else.
 */
const STOP_WORDS = new Set(
  [
    ...["a", "an", "the", "of", "for", "in", "on", "at", "to", "with", "and", "or", "my", "me", "i", "am", "is", "are", "do", "does"],
    ...["what", "how", "test", "testing", "level", "check", "lab", "price", "cost", "near", "online"],
    ...["فحص", "فحوصات", "تحليل", "تحاليل", "اختبار", "اختبارات", "نسبه", "مستوي", "في", "من", "علي", "عن", "و"],
    // The same typed in Latin letters.
    ...["tahleel", "tahlil", "fahs", "fahes"],
  ].map((word) => wordKey(foldArabic(word))),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(wordKey(word));
}

/** A CPT code as people type it: five digits, or four and a letter (Category II/III codes). */
export function isCptCode(word: string): boolean {
  return /^\d{5}$|^\d{4}[a-z]$/.test(word);
}

/** The longest run of words a synonym's term may have to be found in a query. */
export const MAX_TERM_WORDS = 4;

/** Every run of one to four consecutive words of the query, with its key (the synonym lookup's keys). */
export function wordRuns(words: string[]): { start: number; length: number; key: string }[] {
  const keys = words.map(wordKey);
  const runs = [];
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_TERM_WORDS && start + length <= words.length; length++) {
      runs.push({ start, length, key: keys.slice(start, start + length).join("") });
    }
  }
  return runs;
}
