import { type TestInput, TestFormSchema } from "~/modules/catalog/test-form-schema";
import { readRecordsFile, type FileCheck, type FileFormat } from "~/modules/import-export/records-file";
import { todayInDubai } from "~/utils/dubai-date";

/**
 * The columns of an exported file, in order (spec section 9), then the Arabic texts (issue 14);
 * JSON objects carry the same keys.
 */
export const TEST_FILE_COLUMNS = [
  "id",
  "name",
  "description",
  "price",
  "category_id",
  "preparation_instructions",
  "result_time",
  "featured_image",
  "cpt_code",
  "transport_temperature",
  "specimen",
  "why_you_need_this_test",
  "category_name",
  "name_ar",
  "description_ar",
  "preparation_instructions_ar",
  "why_you_need_this_test_ar",
] as const;

export type TestFileColumn = (typeof TEST_FILE_COLUMNS)[number];
export type TestFileFormat = FileFormat;

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

const NOT_AN_ARRAY = "Invalid import format: expected an array of tests";
export const FILE_TOO_LARGE = `The file is too large. The maximum size is ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`;
const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} tests. Please split it into smaller files.`;


/** UUID versions 1 to 5 (spec section 5). */
const UUID_V1_TO_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The form field each file column fills; id and the category columns are handled on their own. */
const FIELD_OF_COLUMN = {
  name: "name",
  price: "price",
  description: "description",
  preparation_instructions: "preparationInstructions",
  result_time: "resultTime",
  featured_image: "featuredImage",
  cpt_code: "cptCode",
  transport_temperature: "transportTemperature",
  specimen: "specimen",
  why_you_need_this_test: "whyYouNeedThisTest",
  name_ar: "nameAr",
  description_ar: "descriptionAr",
  preparation_instructions_ar: "preparationInstructionsAr",
  why_you_need_this_test_ar: "whyYouNeedThisTestAr",
} as const satisfies Partial<Record<TestFileColumn, keyof TestInput>>;

type FieldColumn = keyof typeof FIELD_OF_COLUMN;
const FIELD_COLUMNS = Object.keys(FIELD_OF_COLUMN) as FieldColumn[];

/** lab-tests-export-{yyyy-MM-dd}.{csv|json}, dated in Abu Dhabi. */
export function exportFileName(format: TestFileFormat, now = new Date()) {
  return `lab-tests-export-${todayInDubai(now)}.${format}`;
}

/**
 * Reads an import file into its records, refusing the whole file when its name, syntax or shape is
 * wrong, when it has too many rows, or when an id appears twice. Rows are checked one by one later.
 */
export function parseTestFile(fileName: string, text: string): FileCheck {
  const file = readRecordsFile(fileName, text, { maxRows: MAX_IMPORT_ROWS, notAnArray: NOT_AN_ARRAY, tooManyRows: TOO_MANY_ROWS });
  if (!file.ok) return file;
  const { records } = file;

  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const record of records) {
    const id = isRecord(record) ? cellText(record.id)?.trim().toLowerCase() : undefined;
    if (!id) continue;
    if (seen.has(id)) duplicates.add(id);
    seen.add(id);
  }
  if (duplicates.size > 0) {
    return { ok: false, error: `Duplicate IDs found in import file: ${[...duplicates].join(", ")}` };
  }
  return { ok: true, records };
}

/** undefined: the file does not have the column; null: the column is empty. */
type CategoryReference = { id: string } | { name: string } | null | undefined;

export type TestFileRow = {
  rowNumber: number;
  /** Lower-case UUID, or null to insert with a new id. */
  id: string | null;
  input: TestInput;
  /** The optional fields the file has a column (or JSON key) for: an update changes only these. */
  fields: (keyof TestInput)[];
  category: CategoryReference;
};

type RowCheck = { ok: true; row: TestFileRow } | { ok: false; error: string };

/** One record checked as the test form would check it, with the spec's per-row messages. */
export function readTestRecord(record: unknown, rowNumber: number): RowCheck {
  const fail = (message: string): RowCheck => ({ ok: false, error: `Row ${rowNumber}: ${message}` });
  if (!isRecord(record)) return fail("Missing required fields (name or price)");

  const form: Record<string, string> = {};
  for (const column of FIELD_COLUMNS) {
    if (!(column in record)) continue;
    const text = cellText(record[column]);
    if (text === undefined) return fail(`Invalid value for ${column}`);
    form[FIELD_OF_COLUMN[column]] = text ?? "";
  }
  if (!form.name?.trim() || !form.price?.trim()) return fail("Missing required fields (name or price)");

  const parsed = TestFormSchema.safeParse(form);
  const issues = parsed.success ? [] : parsed.error.issues;
  if (issues.some((issue) => issue.path[0] === "price")) return fail("Invalid price value");

  const id = cellText(record.id)?.trim() || null;
  if (id && !UUID_V1_TO_V5.test(id)) return fail(`Invalid UUID format for ID: ${id}`);

  if (!parsed.success) {
    const issue = issues[0];
    const column = FIELD_COLUMNS.find((name) => FIELD_OF_COLUMN[name] === issue.path[0]) ?? String(issue.path[0]);
    return fail(`Invalid ${column}: ${issue.message}`);
  }

  const categoryId = cellText(record.category_id)?.trim();
  const categoryName = cellText(record.category_name)?.trim();
  const category: CategoryReference = categoryId
    ? { id: categoryId }
    : categoryName
      ? { name: categoryName }
      : "category_id" in record || "category_name" in record
        ? null
        : undefined;

  return {
    ok: true,
    row: {
      rowNumber,
      id: id?.toLowerCase() ?? null,
      input: parsed.data,
      fields: FIELD_COLUMNS.filter((column) => column in record).map((column) => FIELD_OF_COLUMN[column]),
      category,
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A cell as text: null for an empty one, undefined for a value that is not text (an object). */
function cellText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}
