// The test names as the search compares them (issue 30, decision 0032), stored as generated columns
// of tests: lower case, apostrophes dropped, any other run of characters that are not letters,
// digits, "&" or "+" as one space, padded with a space at each end (" complete blood count cbc "),
// so a phrase or a word start is a plain LIKE. The Arabic names are folded (db/arabic-folding) and
// their words lose the definite article ("الغدة" -> "غده"), as modules/catalog/search-query does
// to a query. The "base" forms leave out what is in parentheses ("HbA1c (Glycated Haemoglobin)" ->
// " hba1c "), so the name a test is known by matches exactly.
import { sql } from "drizzle-orm";
import { foldArabicExpression } from "~/db/arabic-folding";

const ARTICLE = `'(^| )(وال|بال|فال|كال|لل|ال)([^ ][^ ])'`;

function words(expression: string) {
  return `' ' || btrim(regexp_replace(regexp_replace(${expression}, '[''’\`]', '', 'g'), '[^[:alnum:]&+]+', ' ', 'g')) || ' '`;
}

const withoutParentheses = (expression: string) => `regexp_replace(${expression}, '\\([^)]*\\)', ' ', 'g')`;
const withoutArticles = (expression: string) => `regexp_replace(${expression}, ${ARTICLE}, '\\1\\3', 'g')`;
const foldedArabicName = () => foldArabicExpression("name_ar");

/** Literal SQL, because a generated column's expression takes no parameters. */
export const searchNameSql = () => sql.raw(words("lower(coalesce(name, ''))"));
export const searchNameBaseSql = () => sql.raw(words(withoutParentheses("lower(coalesce(name, ''))")));
export const searchNameArSql = () => sql.raw(withoutArticles(words(foldedArabicName())));
export const searchNameArBaseSql = () => sql.raw(withoutArticles(words(withoutParentheses(foldedArabicName()))));
