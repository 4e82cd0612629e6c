// Search that understands patients (issue 30, decisions 0032 and 0033): synonyms and everyday
// terms, what each package contains, and the daily counts of searches that found nothing or whose
// results nobody clicked.
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/schema/columns";
import { testCategories, tests } from "~/db/schema/catalog";

export const searchTermLanguages = ["en", "ar"] as const;

/**
 * A synonym or everyday term ("sugar level", "FBS", "haemoglobin", "فحص السكر", "sukkar") and what
 * it stands for: tests (search_term_tests), categories (search_term_categories) and words searched
 * in its place (`words`, e.g. "hemoglobin" -> "haemoglobin"). A query containing the term, as
 * whole words, finds them.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    id: id(),
    /** As the admin wrote it. */
    term: text("term").notNull(),
    language: text("language", { enum: searchTermLanguages }).notNull(),
    /** The term's words' keys run together (modules/catalog/search-query termKey): what queries are matched by. */
    matchKey: text("match_key").notNull(),
    /** The term normalised (search-query normaliseQuery): spelling corrections look among its words. */
    searchText: text("search_text").notNull(),
    /** Words or phrases searched as well as the query's own words ("glucose" for "sugar"). */
    words: text("words").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("search_terms_match_key_language_idx").on(t.matchKey, t.language),
    index("search_terms_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("search_terms_updated_at_idx").on(t.updatedAt.desc().nullsFirst()),
    check("search_terms_language_check", sql`${t.language} in ('en', 'ar')`),
  ],
);

export const searchTermTests = pgTable(
  "search_term_tests",
  {
    termId: uuid("term_id")
      .notNull()
      .references(() => searchTerms.id, { onDelete: "cascade" }),
    testId: uuid("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ name: "search_term_tests_pkey", columns: [t.termId, t.testId] }), index("search_term_tests_test_idx").on(t.testId)],
);

export const searchTermCategories = pgTable(
  "search_term_categories",
  {
    termId: uuid("term_id")
      .notNull()
      .references(() => searchTerms.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => testCategories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "search_term_categories_pkey", columns: [t.termId, t.categoryId] }),
    index("search_term_categories_category_idx").on(t.categoryId),
  ],
);

/**
 * What a package or panel contains: an analyte by name ("Haemoglobin", "HDL Cholesterol"), and the
 * catalogue's single test for it when there is one. A search for the analyte finds the packages.
 */
export const testContents = pgTable(
  "test_contents",
  {
    id: id(),
    packageTestId: uuid("package_test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    /** The single test measuring this analyte, if the catalogue has one. */
    componentTestId: uuid("component_test_id").references(() => tests.id, { onDelete: "set null" }),
    analyte: text("analyte").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("test_contents_package_analyte_idx").on(t.packageTestId, sql`lower(${t.analyte})`),
    index("test_contents_component_idx").on(t.componentTestId),
    // Analytes the catalogue has no single test for ("Haemoglobin", "Platelets"): the others are found as their tests.
    index("test_contents_analyte_trgm_idx").using("gin", sql`lower(${t.analyte}) gin_trgm_ops`).where(sql`${t.componentTestId} is null`),
  ],
);

/**
 * Searches per normalised query and day (no user, no address): how many, how many found nothing,
 * and how many times a result was followed. Written in batches (modules/catalog/search-stats.server).
 */
export const searchQueryStats = pgTable(
  "search_query_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(0),
    zeroResults: integer("zero_results").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "search_query_stats_pkey", columns: [t.day, t.query] }),
    check("search_query_stats_counts_check", sql`${t.searches} >= 0 and ${t.zeroResults} >= 0 and ${t.clicks} >= 0`),
  ],
);
