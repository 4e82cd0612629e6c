import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { testCategories, tests } from "~/db/schema";
import { uniqueSlugs } from "~/db/unique-slug.server";
import { newTestValues, testUpdateValues } from "~/modules/catalog/manage-tests.server";
import { formatAed } from "~/utils/money";
import type { TestInput } from "~/modules/catalog/test-form-schema";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";
import type { ImportOutcome } from "~/modules/import-export/import-report";
import { FILE_TOO_LARGE, MAX_IMPORT_BYTES, parseTestFile, readTestRecord, type TestFileRow } from "~/modules/import-export/test-file";

const ImportFormSchema = z.object({ file: z.instanceof(File, { error: "Please choose a CSV or JSON file to import." }) });

/** A multipart body a little larger than the file (boundaries, headers) is still fine. */
const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_BYTES + 64 * 1024;

/** Reads the uploaded file from an import form post and imports it. */
export async function importTestsFromRequest(request: Request): Promise<ImportOutcome> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_IMPORT_BODY_BYTES) return { ok: false, error: FILE_TOO_LARGE };
  const form = ImportFormSchema.safeParse(await readForm(request, { maxBytes: MAX_IMPORT_BODY_BYTES }));
  if (!form.success) return { ok: false, error: form.error.issues[0].message };
  try {
    return await importTests(form.data.file);
  } catch (error) {
    logger.error({ err: error }, "test import failed");
    return { ok: false, error: "The import could not be completed. No tests were changed." };
  }
}

/**
 * Imports a CSV or JSON file of tests. Problems with the file itself (format, shape, duplicate ids,
 * size) import nothing. Otherwise every valid row is saved and every invalid row is counted as
 * failed with its reason. Rows are checked in full before anything is written, and all writes run
 * in one transaction: a database error or a crash part-way leaves the catalogue as it was.
 */
export async function importTests(file: File): Promise<ImportOutcome> {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, error: FILE_TOO_LARGE };
  const parsed = parseTestFile(file.name, await file.text());
  if (!parsed.ok) return parsed;

  const errors: string[] = [];
  const rows: TestFileRow[] = [];
  const findCategory = await categoryFinder();
  parsed.records.forEach((record, index) => {
    const checked = readTestRecord(record, index + 1);
    if (!checked.ok) return errors.push(checked.error);
    const { category } = checked.row;
    if (category) {
      const categoryId = findCategory(category);
      if (!categoryId) {
        const value = "id" in category ? category.id : category.name;
        return errors.push(`Row ${index + 1}: Category not found: ${value}`);
      }
      checked.row.input.categoryId = categoryId;
    }
    rows.push(checked.row);
  });

  let inserted = 0;
  let updated = 0;
  const notices: string[] = [];
  await db.transaction(async (tx) => {
    const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
    const existing = new Map<string, { offerCount: number; priceFils: number }>();
    for (let start = 0; start < ids.length; start += 1000) {
      const found = await tx
        .select({ id: tests.id, offerCount: tests.offerCount, priceFils: tests.priceFils })
        .from(tests)
        .where(inArray(tests.id, ids.slice(start, start + 1000)));
      for (const { id, ...test } of found) existing.set(id, test);
    }
    const newRows: (TestInput & { id?: string })[] = [];
    for (const row of rows) {
      const test = row.id ? existing.get(row.id) : undefined;
      if (row.id && test) {
        const fields = changedFields(row);
        // A test offered by labs is priced by its lowest offer (decision 0011): the file's price is ignored.
        if (test.offerCount > 0 && fields.price !== undefined && fields.price !== test.priceFils) {
          notices.push(priceIgnored(row.rowNumber, test.priceFils));
        }
        await tx.update(tests).set(testUpdateValues(fields)).where(eq(tests.id, row.id));
        updated++;
      } else {
        newRows.push({ ...row.input, ...(row.id ? { id: row.id } : {}) });
      }
    }
    // New tests go in batches: one query for their slugs, one insert per 500 rows.
    const slugs = await uniqueSlugs(tx, tests.slug, newRows.map((row) => row.name));
    for (let start = 0; start < newRows.length; start += 500) {
      const batch = newRows.slice(start, start + 500);
      await tx.insert(tests).values(batch.map((row, i) => newTestValues(row, slugs[start + i])));
    }
    inserted = newRows.length;
  });

  return { ok: true, processed: parsed.records.length, inserted, updated, failed: errors.length, errors, ...(notices.length ? { notices } : {}) };
}

/** The report's note for a row whose price was not applied because labs offer the test. */
export function priceIgnored(rowNumber: number, lowestFils: number) {
  return `Row ${rowNumber}: Price ignored: labs offer this test, so its price is their lowest offer (${formatAed(lowestFils)})`;
}

/** An update changes the columns the file has and keeps the rest (e.g. a CSV without a specimen column). */
function changedFields(row: TestFileRow): Partial<TestInput> {
  const input: Partial<TestInput> = {};
  const assign = <K extends keyof TestInput>(field: K) => {
    input[field] = row.input[field];
  };
  row.fields.forEach(assign);
  if (row.category !== undefined) assign("categoryId");
  return input;
}

/** Matches a category by id, or by name ignoring case. */
async function categoryFinder() {
  const categories = await db.select({ id: testCategories.id, name: testCategories.name }).from(testCategories);
  const byId = new Set(categories.map((category) => category.id));
  const byName = new Map(categories.map((category) => [category.name.trim().toLowerCase(), category.id]));
  return (reference: { id: string } | { name: string }) =>
    "id" in reference
      ? byId.has(reference.id.toLowerCase())
        ? reference.id.toLowerCase()
        : undefined
      : byName.get(reference.name.toLowerCase());
}
