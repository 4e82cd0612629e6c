import { asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { testCategories, tests } from "~/db/schema";
import type { Crud } from "~/modules/admin/crud-action.server";
import { resultTimeHours } from "~/modules/catalog/result-time";
import { isUuid } from "~/modules/catalog/search-params";
import { listCategories } from "~/modules/catalog/search-tests.server";
import { uniqueTestSlug } from "~/modules/catalog/test-slug.server";
import { sanitizeRichText } from "~/utils/sanitize-html";
import { escapeLike } from "~/utils/escape-like";
import { type AdminTestsQuery, type TestInput, TestFormSchema } from "~/modules/catalog/test-form-schema";

export const TESTS_PAGE_SIZE = 20;

const CHOOSE_CATEGORY = "Please choose a category from the list";

async function categoryExists(id: string) {
  const [row] = await db.select({ id: testCategories.id }).from(testCategories).where(eq(testCategories.id, id));
  return Boolean(row);
}

/** The test form as the server checks it: the chosen category must exist. */
export const TestFormServerSchema = TestFormSchema.superRefine(async (input, ctx) => {
  // Zod runs this even when categoryId failed its own uuid check: only a uuid is looked up.
  if (isUuid(input.categoryId) && !(await categoryExists(input.categoryId))) {
    ctx.addIssue({ code: "custom", path: ["categoryId"], message: CHOOSE_CATEGORY });
  }
});

const { searchVector: _searchVector, ...testFields } = getTableColumns(tests);

const orderBy: Record<AdminTestsQuery["sort"], (dir: typeof asc) => SQL[]> = {
  name: (dir) => [dir(tests.name), asc(tests.id)],
  price: (dir) => [dir(tests.priceFils), asc(tests.name), asc(tests.id)],
  // Unknown result times come last going up and first going down (PostgreSQL's default, as the index).
  result_time: (dir) => [dir(tests.resultTimeHours), asc(tests.name), asc(tests.id)],
};

/** One page of the admin tests table with each test's category name. */
export async function listAdminTests({ q, sort, dir, page }: AdminTestsQuery) {
  const pattern = `%${escapeLike(q)}%`;
  const where = q ? or(ilike(tests.name, pattern), ilike(tests.description, pattern)) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(tests).where(where);
  const pageCount = Math.max(1, Math.ceil(total / TESTS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({ ...testFields, categoryName: testCategories.name })
    .from(tests)
    .leftJoin(testCategories, eq(testCategories.id, tests.categoryId))
    .where(where)
    .orderBy(...orderBy[sort](dir === "desc" ? desc : asc))
    .limit(TESTS_PAGE_SIZE)
    .offset((current - 1) * TESTS_PAGE_SIZE);
  return { tests: rows, total, page: current, pageCount };
}

/** The admin tests screen: one page of tests, and the categories a test may be put in. */
export async function adminTestsPage(query: AdminTestsQuery) {
  const [list, categories] = await Promise.all([listAdminTests(query), listCategories()]);
  return { ...query, ...list, categories };
}

const RICH_TEXT_FIELDS = [
  "description",
  "preparationInstructions",
  "whyYouNeedThisTest",
  "descriptionAr",
  "preparationInstructionsAr",
  "whyYouNeedThisTestAr",
] as const;

/**
 * The columns to write for (part of) a test: price in fils, rich text through the one allow-list,
 * result-time hours derived from the text. Fields absent from the input are left out.
 */
export function testRowValues(input: Partial<TestInput>): Partial<typeof tests.$inferInsert> {
  const { price, ...fields } = input;
  const row: Partial<typeof tests.$inferInsert> = { ...fields };
  if (price !== undefined) row.priceFils = price;
  for (const field of RICH_TEXT_FIELDS) {
    if (field in fields) row[field] = sanitizeRichText(fields[field]) || null;
  }
  if ("resultTime" in fields) row.resultTimeHours = resultTimeHours(fields.resultTime);
  return row;
}

/** The row of a new test; its slug is chosen by the caller (unique, from the name). */
export function newTestValues(input: TestInput & { id?: string }, slug: string): typeof tests.$inferInsert {
  return {
    ...testRowValues(input),
    ...(input.id ? { id: input.id } : {}),
    name: input.name,
    priceFils: input.price,
    slug,
  };
}

export async function insertTestRow(executor: Executor, input: TestInput & { id?: string }) {
  const [row] = await executor
    .insert(tests)
    .values(newTestValues(input, await uniqueTestSlug(executor, input.name)))
    .returning();
  return row;
}

export function createTest(input: TestInput) {
  return db.transaction((tx) => insertTestRow(tx, input));
}

/**
 * A test's row values for an update, where a price counts only for a test without live lab offers:
 * once labs offer it, its price is their lowest (decision 0011) and a typed price is ignored. The
 * check is part of the UPDATE, so an offer saved at the same moment still wins.
 */
export function testUpdateValues(input: Partial<TestInput>) {
  const { priceFils, ...values } = testRowValues(input);
  if (priceFils === undefined) return values;
  return { ...values, priceFils: sql<number>`case when ${tests.offerCount} > 0 then ${tests.priceFils} else ${priceFils} end` };
}

/**
 * Updates a test; the slug stays, so links to it keep working. updated_at is set automatically.
 * The price changes only while no lab offers the test (testUpdateValues).
 */
export async function updateTest(id: string, input: TestInput) {
  const [row] = await db.update(tests).set(testUpdateValues(input)).where(eq(tests.id, id)).returning();
  return row ?? null;
}

export async function deleteTest(id: string) {
  const [row] = await db.delete(tests).where(eq(tests.id, id)).returning();
  return row ?? null;
}

/** The tests list's add, edit and delete. */
export const testCrud: Crud<typeof TestFormServerSchema> = {
  entity: "test",
  schema: TestFormServerSchema,
  create: createTest,
  update: updateTest,
  remove: deleteTest,
  successDescription: (intent, test) => `${test.name} has been ${intent === "create" ? "added" : "updated"} successfully.`,
};
