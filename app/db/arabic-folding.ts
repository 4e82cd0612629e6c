// How Arabic names are folded for search, in SQL and in TypeScript alike (modules/catalog/arabic-search):
// the alef forms (أ إ آ ٱ → ا), ta marbuta (ة → ه), alef maqsura (ى → ي), and the diacritics
// (tanwin, harakat, shadda, sukun, maddah, hamza above/below, superscript alef) and tatweel dropped.
import { sql } from "drizzle-orm";

export const REPLACED = "أإآٱةى";
export const REPLACEMENTS = "ااااهي";
/** U+064B-U+0655, U+0670 and tatweel U+0640. */
export const DROPPED = "\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0670\u0640";

/**
 * The folding in SQL (translate() drops the characters that have no replacement). Literal SQL,
 * because a generated column's expression takes no parameters.
 */
export function foldArabicSql(column: string) {
  return sql.raw(foldArabicExpression(column));
}

/** The folding as SQL text, for expressions built around it (db/search-names). */
export function foldArabicExpression(column: string) {
  return `translate(lower(coalesce(${column}, '')), '${REPLACED}${DROPPED}', '${REPLACEMENTS}')`;
}
