import { and, asc, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import { db, isAnyOf, preparedQuery } from "~/db/db.server";
import type { Language } from "~/i18n/languages";
import { testCategories, tests } from "~/db/schema";
import { htmlToPlainText, sanitizeRichText } from "~/utils/sanitize-html";
import { cardColumns, cardPage, toTestCard, type TestCardData } from "~/modules/catalog/test-card-data.server";

const RELATED_TESTS = 4;
const DEFAULT_RESULT_TIME = "24-48 hours";
const DEFAULT_CATEGORY_NAME = "General Health";

const testBySlug = preparedQuery("test_by_slug", (database) =>
  database
    .select({
      ...cardColumns,
      preparationInstructions: tests.preparationInstructions,
      whyYouNeedThisTest: tests.whyYouNeedThisTest,
      preparationInstructionsAr: tests.preparationInstructionsAr,
      whyYouNeedThisTestAr: tests.whyYouNeedThisTestAr,
      specimen: tests.specimen,
      referralRequirement: tests.referralRequirement,
      categoryId: tests.categoryId,
      categoryName: testCategories.name,
      categoryNameAr: testCategories.nameAr,
    })
    .from(tests)
    .leftJoin(testCategories, eq(testCategories.id, tests.categoryId))
    .where(eq(tests.slug, sql.placeholder("slug"))),
);

/** A test for its product page, its rich text sanitised; null when the slug matches nothing. */
export async function findTestBySlug(slug: string) {
  const [row] = await testBySlug().execute({ slug });
  if (!row) return null;
  return {
    ...row,
    resultTime: row.resultTime || DEFAULT_RESULT_TIME,
    categoryName: row.categoryName ?? DEFAULT_CATEGORY_NAME,
    plainDescription: htmlToPlainText(row.description),
    plainDescriptionAr: row.descriptionAr ? htmlToPlainText(row.descriptionAr) : null,
    description: sanitizeRichText(row.description),
    preparationInstructions: sanitizeRichText(row.preparationInstructions),
    whyYouNeedThisTest: sanitizeRichText(row.whyYouNeedThisTest),
    descriptionAr: row.descriptionAr ? sanitizeRichText(row.descriptionAr) : null,
    preparationInstructionsAr: row.preparationInstructionsAr ? sanitizeRichText(row.preparationInstructionsAr) : null,
    whyYouNeedThisTestAr: row.whyYouNeedThisTestAr ? sanitizeRichText(row.whyYouNeedThisTestAr) : null,
  };
}

const testsByNames = preparedQuery("tests_by_names", (database) =>
  database
    .select({ name: tests.name, nameAr: tests.nameAr, slug: tests.slug, priceFils: tests.priceFils })
    .from(tests)
    .where(isAnyOf(tests.name, "names", "text"))
    .orderBy(asc(tests.createdAt)),
);

/** The catalogue's tests with exactly these names (oldest first per name), for the home page's sample card. */
export async function findTestsByNames(names: readonly string[]) {
  const rows = await testsByNames().execute({ names });
  return names.flatMap((name) => rows.find((row) => row.name === name) ?? []);
}

const sameCategoryTests = preparedQuery("same_category_tests", (database) =>
  database
    .select(cardColumns)
    .from(tests)
    .where(and(eq(tests.categoryId, sql.placeholder("categoryId")), ne(tests.id, sql.placeholder("id"))))
    .orderBy(desc(tests.createdAt))
    .limit(RELATED_TESTS),
);

/**
 * Four related tests: same category without this one, newest first; when the category has
 * fewer, the rest are any other tests, newest first.
 */
export async function relatedTests(test: { id: string; categoryId: string | null }): Promise<TestCardData[]> {
  const sameCategory = test.categoryId ? await sameCategoryTests().execute({ categoryId: test.categoryId, id: test.id }) : [];
  if (sameCategory.length >= RELATED_TESTS) return sameCategory.map(toTestCard);
  const exclude = [test.id, ...sameCategory.map((row) => row.id)];
  const others = await db
    .select(cardColumns)
    .from(tests)
    .where(notInArray(tests.id, exclude))
    .orderBy(desc(tests.createdAt))
    .limit(RELATED_TESTS - sameCategory.length);
  return [...sameCategory, ...others].map(toTestCard);
}

const CATEGORY_PAGE_SIZE = 12;

/**
 * One page of a category's tests ordered by name as the page shows it (the Arabic name on an
 * Arabic page, else the English one), the page clamped to the last one.
 */
export function categoryTests(categoryId: string, askedPage: number, language: Language = "en") {
  const name = language === "ar" ? sql`coalesce(${tests.nameAr}, ${tests.name})` : sql`${tests.name}`;
  return cardPage(categoryId, sql`${name}, ${tests.id}`, askedPage, CATEGORY_PAGE_SIZE);
}
