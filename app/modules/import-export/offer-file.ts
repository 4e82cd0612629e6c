import { TestFormSchema } from "~/modules/catalog/test-form-schema";
import { readRecordsFile, type FileCheck, type FileFormat } from "~/modules/import-export/records-file";
import { todayInDubai } from "~/utils/dubai-date";

/**
 * The columns of an offers file, in order; JSON objects carry the same keys. A row names its lab
 * by lab_id, lab_slug or lab_name and its test by test_id, test_slug or test_name (the first one
 * given counts); the pair is the offer, inserted when the lab does not offer the test yet.
 */
export const OFFER_FILE_COLUMNS = [
  "lab_id",
  "lab_slug",
  "lab_name",
  "test_id",
  "test_slug",
  "test_name",
  "price",
  "result_hours",
  "walk_in",
  "home_collection",
  "is_active",
] as const;

export type OfferFileColumn = (typeof OFFER_FILE_COLUMNS)[number];
export type OfferFileFormat = FileFormat;

export const MAX_OFFER_IMPORT_BYTES = 5 * 1024 * 1024;
/** One lab's offers fit in one file (a busy lab offers about 20,000 tests). */
export const MAX_OFFER_IMPORT_ROWS = 20_000;
const MAX_RESULT_HOURS = 24 * 90;

const NOT_AN_ARRAY = "Invalid import format: expected an array of offers";
export const OFFER_FILE_TOO_LARGE = `The file is too large. The maximum size is ${MAX_OFFER_IMPORT_BYTES / 1024 / 1024} MB.`;
const TOO_MANY_ROWS = `The file has more than ${MAX_OFFER_IMPORT_ROWS.toLocaleString("en")} offers. Please split it into smaller files.`;
export const MISSING_FIELDS = "Missing required fields (lab, test or price)";

const UUID_V1_TO_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** lab-offers-export[-{lab slug}]-{yyyy-MM-dd}.{csv|json}, dated in Abu Dhabi. */
export function offerExportFileName(format: OfferFileFormat, labSlug: string | null, now = new Date()) {
  return `lab-offers-export-${labSlug ? `${labSlug}-` : ""}${todayInDubai(now)}.${format}`;
}

/** Reads an offers file into its records, refusing the whole file when its name, syntax, shape or length is wrong. */
export function parseOfferFile(fileName: string, text: string): FileCheck {
  return readRecordsFile(fileName, text, { maxRows: MAX_OFFER_IMPORT_ROWS, notAnArray: NOT_AN_ARRAY, tooManyRows: TOO_MANY_ROWS });
}

/** How a row names its lab or its test. */
export type Reference = { by: "id" | "slug" | "name"; value: string };

export type OfferFileRow = {
  rowNumber: number;
  lab: Reference;
  test: Reference;
  priceFils: number;
  /** undefined: the file has no such column (an update keeps the offer's value). */
  resultHours?: number | null;
  walkIn?: boolean;
  homeCollection?: boolean;
  isActive?: boolean;
};

type RowCheck = { ok: true; row: OfferFileRow } | { ok: false; error: string };

const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n"]);

/** One record checked, with the per-row messages of the tests import. */
export function readOfferRecord(record: unknown, rowNumber: number): RowCheck {
  const fail = (message: string): RowCheck => ({ ok: false, error: `Row ${rowNumber}: ${message}` });
  if (!isRecord(record)) return fail(MISSING_FIELDS);
  const cells: Partial<Record<OfferFileColumn, string | null>> = {};
  for (const column of OFFER_FILE_COLUMNS) {
    if (!(column in record)) continue;
    const value = cellText(record[column]);
    if (value === undefined) return fail(`Invalid value for ${column}`);
    cells[column] = value?.trim() || null;
  }

  const reference = (kind: "lab" | "test"): Reference | null => {
    const id = cells[`${kind}_id`];
    if (id) return { by: "id", value: id };
    const slug = cells[`${kind}_slug`];
    if (slug) return { by: "slug", value: slug };
    const name = cells[`${kind}_name`];
    return name ? { by: "name", value: name } : null;
  };
  const lab = reference("lab");
  const test = reference("test");
  if (!lab || !test || !cells.price) return fail(MISSING_FIELDS);

  const price = TestFormSchema.shape.price.safeParse(cells.price);
  if (!price.success) return fail("Invalid price value");
  for (const ref of [lab, test]) {
    if (ref.by === "id" && !UUID_V1_TO_V5.test(ref.value)) return fail(`Invalid UUID format for ${ref === lab ? "lab_id" : "test_id"}: ${ref.value}`);
  }

  const row: OfferFileRow = {
    rowNumber,
    lab: lab.by === "id" ? { ...lab, value: lab.value.toLowerCase() } : lab,
    test: test.by === "id" ? { ...test, value: test.value.toLowerCase() } : test,
    priceFils: price.data,
  };
  if ("result_hours" in cells) {
    const hours = cells.result_hours;
    if (hours && !(/^\d+$/.test(hours) && Number(hours) >= 1 && Number(hours) <= MAX_RESULT_HOURS)) return fail("Invalid result_hours value");
    row.resultHours = hours ? Number(hours) : null;
  }
  for (const [column, field] of [
    ["walk_in", "walkIn"],
    ["home_collection", "homeCollection"],
    ["is_active", "isActive"],
  ] as const) {
    if (!(column in cells)) continue;
    const value = cells[column]?.toLowerCase();
    if (!value) continue;
    if (TRUE.has(value)) row[field] = true;
    else if (FALSE.has(value)) row[field] = false;
    else return fail(`Invalid ${column} value (use true or false)`);
  }
  return { ok: true, row };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function cellText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}
