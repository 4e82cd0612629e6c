import { asc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { FORMULA_START, type ExportedFile } from "~/modules/import-export/records-file";
import { db } from "~/db/db.server";
import { labOffers, labs, tests } from "~/db/schema";
import { filsToAed } from "~/utils/money";
import { OFFER_FILE_COLUMNS, offerExportFileName, type OfferFileColumn, type OfferFileFormat } from "~/modules/import-export/offer-file";


/** The offers of one lab (by slug), or of every lab, as a CSV or JSON file the import reads back as updates. */
export async function exportOffers(format: OfferFileFormat, labSlug: string | null = null, now = new Date()): Promise<ExportedFile | null> {
  if (labSlug) {
    const [lab] = await db.select({ id: labs.id }).from(labs).where(eq(labs.slug, labSlug));
    if (!lab) return null;
  }
  const rows = await db
    .select({
      lab_id: labs.id,
      lab_slug: labs.slug,
      lab_name: labs.name,
      test_id: tests.id,
      test_slug: tests.slug,
      test_name: tests.name,
      priceFils: labOffers.priceFils,
      result_hours: labOffers.resultHours,
      walk_in: labOffers.walkIn,
      home_collection: labOffers.homeCollection,
      is_active: labOffers.isActive,
    })
    .from(labOffers)
    .innerJoin(labs, eq(labs.id, labOffers.labId))
    .innerJoin(tests, eq(tests.id, labOffers.testId))
    .where(labSlug ? eq(labs.slug, labSlug) : undefined)
    .orderBy(asc(labs.name), asc(tests.name), asc(labOffers.id));
  const fileName = offerExportFileName(format, labSlug, now);
  const records = rows.map(({ priceFils, ...row }) => ({ ...row, price: filsToAed(priceFils) }));

  if (format === "json") {
    const ordered = records.map((record) => Object.fromEntries(OFFER_FILE_COLUMNS.map((column) => [column, record[column]])));
    return { fileName, contentType: "application/json; charset=utf-8", body: JSON.stringify(ordered, null, 2), count: rows.length };
  }
  const data = records.map((record) => {
    const cells: Record<OfferFileColumn, string> = {
      ...Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value === null ? "" : String(value)])),
      price: record.price.toFixed(2),
    } as Record<OfferFileColumn, string>;
    return OFFER_FILE_COLUMNS.map((column) => cells[column]);
  });
  const csv = Papa.unparse({ fields: [...OFFER_FILE_COLUMNS], data }, { escapeFormulae: FORMULA_START });
  return { fileName, contentType: "text/csv; charset=utf-8", body: `\uFEFF${csv}`, count: rows.length };
}
