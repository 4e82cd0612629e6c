// /admin/search (issue 30): the synonyms' list and form, and what visitors searched for.
import { z } from "zod";
import { inArray } from "drizzle-orm";
import { db } from "~/db/db.server";
import { searchTerms, testCategories } from "~/db/schema";
import type { Crud } from "~/modules/admin/crud-action.server";
import { hasArabic } from "~/modules/catalog/arabic-search";
import { listCategories } from "~/modules/catalog/search-tests.server";
import { termKey } from "~/modules/catalog/search-query";
import { searchStatsLists } from "~/modules/catalog/search-stats.server";
import { SearchTermFormSchema } from "~/modules/catalog/search-term-form-schema";
import { deleteSearchTerm, findTestsByReference, listSearchTerms, saveSearchTerm } from "~/modules/catalog/search-terms.server";

/** The form as the server checks it: every test named exists (by name or address), every category too. */
export const SearchTermServerSchema = SearchTermFormSchema.transform(async (input, ctx) => {
  const found = await findTestsByReference(db, input.tests);
  const missing = input.tests.filter((reference) => !found.has(reference.toLowerCase()));
  if (missing.length) {
    ctx.addIssue({ code: "custom", path: ["tests"], message: `No test named ${missing.map((name) => `“${name}”`).join(", ")}` });
    return z.NEVER;
  }
  const categoryIds = [...new Set(input.categoryIds)];
  const known = categoryIds.length
    ? await db.select({ id: testCategories.id }).from(testCategories).where(inArray(testCategories.id, categoryIds))
    : [];
  if (known.length !== categoryIds.length) {
    ctx.addIssue({ code: "custom", path: ["categoryIds"], message: "Choose categories from the list" });
    return z.NEVER;
  }
  return {
    term: input.term,
    language: input.language,
    words: input.words,
    categoryIds,
    testIds: input.tests.map((reference) => found.get(reference.toLowerCase())!),
  };
});

/** The synonyms' add, edit and delete (the change is announced to every process). */
export const searchTermCrud: Crud<typeof SearchTermServerSchema> = {
  entity: "synonym",
  schema: SearchTermServerSchema,
  create: (input) => saveSearchTerm(input),
  update: (id, input) => saveSearchTerm(input, id),
  remove: deleteSearchTerm,
  duplicateMessage: "A synonym with this term already exists in this language.",
  successDescription: (intent, input) => `“${input.term}” has been ${intent === "create" ? "added" : "updated"}.`,
};

/** The admin's search screen: one page of synonyms, the categories a synonym may stand for, and the searches to look at. */
export async function adminSearchPage(query: { q: string; language: "en" | "ar" | null; page: number }) {
  const [list, categories, stats] = await Promise.all([listSearchTerms(query), listCategories(), searchStatsLists()]);
  // A query a synonym now covers says so instead of offering another one.
  const keys = [...new Set([...stats.noResults, ...stats.noClicks].map((row) => termKey(row.query)))];
  const covered = new Set(
    keys.length ? (await db.select({ key: searchTerms.matchKey }).from(searchTerms).where(inArray(searchTerms.matchKey, keys))).map((row) => row.key) : [],
  );
  const withSuggestion = (rows: typeof stats.noResults) =>
    rows.map((row) => ({ ...row, covered: covered.has(termKey(row.query)), language: hasArabic(row.query) ? ("ar" as const) : ("en" as const) }));
  return { ...query, ...list, categories, noResults: withSuggestion(stats.noResults), noClicks: withSuggestion(stats.noClicks) };
}
