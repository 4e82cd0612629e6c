// Arabic search folds the spellings people type interchangeably (db/arabic-folding says which).
// The database folds test names into a stored column (tests.name_ar_search, trigram-indexed), and
// queries are folded here the same way before they are matched.
import { DROPPED, REPLACED, REPLACEMENTS } from "~/db/arabic-folding";

export { foldArabicSql } from "~/db/arabic-folding";

/** The Arabic letters block: a query with any of them is matched against the Arabic names too. */
const ARABIC = /[\u0600-\u06FF]/;

export const hasArabic = (text: string) => ARABIC.test(text);

const folding = new Map<string, string>([
  ...[...REPLACED].map((letter, index): [string, string] => [letter, REPLACEMENTS[index]]),
  ...[...DROPPED].map((mark): [string, string] => [mark, ""]),
]);

/** A text folded for search: lower case, Arabic spellings folded as the database folds names. */
export function foldArabic(text: string): string {
  let folded = "";
  for (const char of text.toLowerCase()) folded += folding.get(char) ?? char;
  return folded;
}
