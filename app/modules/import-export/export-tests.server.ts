import { asc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { FORMULA_START, type ExportedFile } from "~/modules/import-export/records-file";
import { db } from "~/db/db.server";
import { testCategories, tests } from "~/db/schema";
import { filsToAed } from "~/utils/money";
import { exportFileName, TEST_FILE_COLUMNS, type TestFileColumn, type TestFileFormat } from "~/modules/import-export/test-file";


/** Every test as a CSV or JSON file that the import reads back as updates (spec section 9). */
export async function exportTests(format: TestFileFormat, now = new Date()): Promise<ExportedFile> {
  const rows = await db
    .select({
      id: tests.id,
      name: tests.name,
      description: tests.description,
      priceFils: tests.priceFils,
      category_id: tests.categoryId,
      preparation_instructions: tests.preparationInstructions,
      result_time: tests.resultTime,
      featured_image: tests.featuredImage,
      cpt_code: tests.cptCode,
      transport_temperature: tests.transportTemperature,
      specimen: tests.specimen,
      why_you_need_this_test: tests.whyYouNeedThisTest,
      category_name: testCategories.name,
      name_ar: tests.nameAr,
      description_ar: tests.descriptionAr,
      preparation_instructions_ar: tests.preparationInstructionsAr,
      why_you_need_this_test_ar: tests.whyYouNeedThisTestAr,
    })
    .from(tests)
    .leftJoin(testCategories, eq(testCategories.id, tests.categoryId))
    .orderBy(asc(tests.name), asc(tests.id));
  const fileName = exportFileName(format, now);

  if (format === "json") {
    const records = rows.map(({ priceFils, ...row }) => ({ ...row, price: filsToAed(priceFils) }));
    const ordered = records.map((record) => Object.fromEntries(TEST_FILE_COLUMNS.map((column) => [column, record[column]])));
    return { fileName, contentType: "application/json; charset=utf-8", body: JSON.stringify(ordered, null, 2), count: rows.length };
  }

  const data = rows.map(({ priceFils, ...row }) => {
    const record: Record<TestFileColumn, string | null> = { ...row, price: filsToAed(priceFils).toFixed(2) };
    return TEST_FILE_COLUMNS.map((column) => record[column] ?? "");
  });
  // The byte-order mark lets spreadsheet programs read UTF-8 (Arabic names) correctly.
  const csv = Papa.unparse({ fields: [...TEST_FILE_COLUMNS], data }, { escapeFormulae: FORMULA_START });
  return { fileName, contentType: "text/csv; charset=utf-8", body: `\uFEFF${csv}`, count: rows.length };
}
