// The synonyms of /admin/search as a file (issue 30): exported as CSV or JSON, imported back with
// the test import's rules and messages (spec section 8). Tests are named by address (slug) or name,
// categories by name; lists are separated by semicolons.
import { inArray } from "drizzle-orm";
import Papa from "papaparse";
import { z } from "zod";
import { db } from "~/db/db.server";
import { searchTerms } from "~/db/schema";
import { termKey } from "~/modules/catalog/search-query";
import {
  allSearchTerms,
  announceSearchTermsChanged,
  findCategoriesByName,
  findTestsByReference,
  writeSearchTerm,
  type SearchTermLanguage,
} from "~/modules/catalog/search-terms.server";
import type { ImportOutcome } from "~/modules/import-export/import-report";
import { FORMULA_START, readRecordsFile, type FileFormat } from "~/modules/import-export/records-file";
import { todayInDubai } from "~/utils/dubai-date";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";

export const SEARCH_TERM_FILE_COLUMNS = ["id", "term", "language", "tests", "categories", "words"] as const;
type Column = (typeof SEARCH_TERM_FILE_COLUMNS)[number];

const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
const MAX_IMPORT_ROWS = 5_000;
const FILE_TOO_LARGE = `The file is too large. The maximum size is ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`;
const UUID_V1_TO_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const LIST_SEPARATOR = "; ";

/** search-terms-export-{yyyy-MM-dd}.{csv|json}, dated in Abu Dhabi. */
export function searchTermsFileName(format: FileFormat, now = new Date()) {
  return `search-terms-export-${todayInDubai(now)}.${format}`;
}

/** Every synonym as a file the import reads back (as updates, by id). */
export async function exportSearchTerms(format: FileFormat, now = new Date()) {
  const rows = (await allSearchTerms()).map((row) => ({
    id: row.id,
    term: row.term,
    language: row.language,
    tests: row.tests.map((test) => test.slug).join(LIST_SEPARATOR),
    categories: row.categories.map((category) => category.name).join(LIST_SEPARATOR),
    words: row.words.join(LIST_SEPARATOR),
  }));
  const fileName = searchTermsFileName(format, now);
  if (format === "json") return { fileName, contentType: "application/json; charset=utf-8", body: JSON.stringify(rows, null, 2), count: rows.length };
  const csv = Papa.unparse({ fields: [...SEARCH_TERM_FILE_COLUMNS], data: rows.map((row) => SEARCH_TERM_FILE_COLUMNS.map((column) => row[column])) }, { escapeFormulae: FORMULA_START });
  // The byte-order mark lets spreadsheet programs read UTF-8 (Arabic terms) correctly.
  return { fileName, contentType: "text/csv; charset=utf-8", body: `\uFEFF${csv}`, count: rows.length };
}

const ImportFormSchema = z.object({ file: z.instanceof(File, { error: "Please choose a CSV or JSON file to import." }) });

/** Reads the uploaded file from an import form post and imports it. */
export async function importSearchTermsFromRequest(request: Request): Promise<ImportOutcome> {
  const maxBytes = MAX_IMPORT_BYTES + 64 * 1024;
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return { ok: false, error: FILE_TOO_LARGE };
  const form = ImportFormSchema.safeParse(await readForm(request, { maxBytes }));
  if (!form.success) return { ok: false, error: form.error.issues[0].message };
  try {
    return await importSearchTerms(form.data.file);
  } catch (error) {
    logger.error({ err: error }, "synonym import failed");
    return { ok: false, error: "The import could not be completed. No synonyms were changed." };
  }
}

type Row = { rowNumber: number; id: string | null; term: string; language: SearchTermLanguage; tests: string[]; categories: string[]; words: string[] };

const list = (cell: string | null) => [...new Set((cell ?? "").split(/[;\r\n]+/).map((item) => item.trim()).filter(Boolean))];

/** One record checked, with the per-row messages of the tests import. */
function readRecord(record: unknown, rowNumber: number): { ok: true; row: Row } | { ok: false; error: string } {
  const fail = (message: string) => ({ ok: false as const, error: `Row ${rowNumber}: ${message}` });
  if (!record || typeof record !== "object" || Array.isArray(record)) return fail("Missing required fields (term, and tests, categories or words)");
  const cells: Partial<Record<Column, string | null>> = {};
  for (const column of SEARCH_TERM_FILE_COLUMNS) {
    const value = (record as Record<string, unknown>)[column];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) cells[column] = value.join(";");
    else if (typeof value === "string" || typeof value === "number") cells[column] = String(value).replace(/\0/g, "").trim() || null;
    else return fail(`Invalid value for ${column}`);
  }
  const term = cells.term ?? "";
  const row = { tests: list(cells.tests ?? null), categories: list(cells.categories ?? null), words: list(cells.words ?? null) };
  if (!term || row.tests.length + row.categories.length + row.words.length === 0) return fail("Missing required fields (term, and tests, categories or words)");
  if (term.length > 100 || !termKey(term)) return fail("Invalid term: at most 100 characters, with letters or digits");
  const language = (cells.language ?? "en").toLowerCase();
  if (language !== "en" && language !== "ar") return fail(`Invalid language value: ${cells.language} (use en or ar)`);
  if (cells.id && !UUID_V1_TO_V5.test(cells.id)) return fail(`Invalid UUID format for ID: ${cells.id}`);
  if (row.tests.length > 50 || row.words.length > 20 || [...row.tests, ...row.words, ...row.categories].some((item) => item.length > 200)) {
    return fail("Too many or too long tests, categories or words (at most 50 tests and 20 words of 200 characters)");
  }
  return { ok: true, row: { rowNumber, id: cells.id?.toLowerCase() ?? null, term, language, ...row } };
}

/**
 * Imports a CSV or JSON file of synonyms. A bad file imports nothing; otherwise each valid row is
 * saved and each invalid row reported. A row with the id of a synonym updates it; a row without an
 * id updates the synonym with the same term and language, or adds one; a row with an unknown id adds
 * one. Every row is checked before anything is written, and the writes run in one transaction.
 */
export async function importSearchTerms(file: File): Promise<ImportOutcome> {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, error: FILE_TOO_LARGE };
  const parsed = readRecordsFile(file.name, await file.text(), {
    maxRows: MAX_IMPORT_ROWS,
    notAnArray: "Invalid import format: expected an array of synonyms",
    tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} synonyms. Please split it into smaller files.`,
  });
  if (!parsed.ok) return parsed;
  const ids = parsed.records.flatMap((record) => {
    const id = record && typeof record === "object" ? (record as Record<string, unknown>).id : undefined;
    return typeof id === "string" && id.trim() ? [id.trim().toLowerCase()] : [];
  });
  const duplicates = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  if (duplicates.length) return { ok: false, error: `Duplicate IDs found in import file: ${duplicates.join(", ")}` };

  const errors: string[] = [];
  const rows: Row[] = [];
  parsed.records.forEach((record, index) => {
    const checked = readRecord(record, index + 1);
    if (checked.ok) rows.push(checked.row);
    else errors.push(checked.error);
  });
  const testIds = await findTestsByReference(db, rows.flatMap((row) => row.tests));
  const categoryIds = await findCategoriesByName(db, rows.flatMap((row) => row.categories));
  const givenIds = rows.flatMap((row) => (row.id ? [row.id] : []));
  const existingById = new Set(
    givenIds.length ? (await db.select({ id: searchTerms.id }).from(searchTerms).where(inArray(searchTerms.id, givenIds))).map((row) => row.id) : [],
  );
  const existingByKey = new Map(
    (await db.select({ id: searchTerms.id, key: searchTerms.matchKey, language: searchTerms.language }).from(searchTerms)).map((row) => [`${row.language}:${row.key}`, row.id]),
  );

  const seen = new Map<string, number>();
  const writes: { row: Row; id: string | null; update: boolean; testIds: string[]; categoryIds: string[] }[] = [];
  for (const row of rows) {
    const missingTest = row.tests.find((reference) => !testIds.has(reference.toLowerCase()));
    if (missingTest) {
      errors.push(`Row ${row.rowNumber}: Test not found: ${missingTest}`);
      continue;
    }
    const missingCategory = row.categories.find((name) => !categoryIds.has(name.toLowerCase()));
    if (missingCategory) {
      errors.push(`Row ${row.rowNumber}: Category not found: ${missingCategory}`);
      continue;
    }
    const key = `${row.language}:${termKey(row.term)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push(`Row ${row.rowNumber}: Duplicate term: this term is also in row ${earlier}`);
      continue;
    }
    seen.set(key, row.rowNumber);
    const byKey = existingByKey.get(key);
    // Another synonym already has this term: the row may only update that one.
    if (row.id && byKey && byKey !== row.id) {
      errors.push(`Row ${row.rowNumber}: A synonym with this term already exists in this language.`);
      continue;
    }
    const id = row.id ?? byKey ?? null;
    writes.push({
      row,
      id,
      update: id !== null && (existingById.has(id) || id === byKey),
      testIds: row.tests.map((reference) => testIds.get(reference.toLowerCase())!),
      categoryIds: row.categories.map((name) => categoryIds.get(name.toLowerCase())!),
    });
  }

  if (writes.length) {
    await db.transaction(async (tx) => {
      for (const write of writes) {
        const values = { term: write.row.term, language: write.row.language, testIds: write.testIds, categoryIds: write.categoryIds, words: write.row.words };
        // A valid id from another system is kept for a new synonym, as the test import keeps it.
        await writeSearchTerm(tx, values, write.update ? write.id! : undefined, write.update ? undefined : (write.id ?? undefined));
      }
    });
    await announceSearchTermsChanged();
  }
  const updated = writes.filter((write) => write.update).length;
  const rowOf = (error: string) => Number(/^Row (\d+)/.exec(error)?.[1] ?? 0);
  errors.sort((a, b) => rowOf(a) - rowOf(b));
  return { ok: true, processed: parsed.records.length, inserted: writes.length - updated, updated, failed: errors.length, errors };
}
