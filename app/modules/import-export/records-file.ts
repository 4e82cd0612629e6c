import Papa from "papaparse";

export type FileFormat = "csv" | "json";

const UNSUPPORTED_FORMAT = "Unsupported file format. Please use CSV or JSON files.";

/**
 * A cell a spreadsheet would run as a formula: the export puts an apostrophe in front and the
 * import takes one away, so every value survives the round trip.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/** csv or json from the file's name, or null for any other kind of file. */
export function fileFormat(fileName: string): FileFormat | null {
  const extension = fileName.toLowerCase().match(/\.(csv|json)$/)?.[1];
  return extension === "csv" || extension === "json" ? extension : null;
}

export type FileCheck = { ok: true; records: unknown[] } | { ok: false; error: string };

/**
 * Reads an import file (CSV with a header row, or a JSON array) into its records, refusing the
 * whole file when its name, syntax or shape is wrong or when it has more than `maxRows` rows.
 * `notAnArray` is the message for JSON that is not an array; `tooManyRows` for a long file.
 */
export function readRecordsFile(
  fileName: string,
  text: string,
  limits: { maxRows: number; notAnArray: string; tooManyRows: string },
): FileCheck {
  const format = fileFormat(fileName);
  if (!format) return { ok: false, error: UNSUPPORTED_FORMAT };
  const content = text.replace(/^\uFEFF/, "");

  let records: unknown;
  if (format === "json") {
    try {
      records = JSON.parse(content);
    } catch {
      return { ok: false, error: "The file could not be read: it is not valid JSON." };
    }
  } else {
    const csv = Papa.parse<Record<string, string>>(content, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (header) => header.trim().toLowerCase(),
    });
    const broken = csv.errors.find((error) => error.type === "Quotes");
    if (broken) return { ok: false, error: `The file could not be read: ${broken.message} (row ${(broken.row ?? 0) + 1}).` };
    records = csv.data.map((record) =>
      Object.fromEntries(
        Object.entries(record).map(([column, cell]) => [
          column,
          typeof cell === "string" && ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell,
        ]),
      ),
    );
  }

  if (!Array.isArray(records)) return { ok: false, error: limits.notAnArray };
  if (records.length > limits.maxRows) return { ok: false, error: limits.tooManyRows };
  return { ok: true, records };
}

/** A file an export wrote: its name, type, text and how many records it holds. */
export type ExportedFile = { fileName: string; contentType: string; body: string; count: number };

/** The download of an exported file; X-Export-Count feeds the "N ... exported" toast. Never cached: it is one person's. */
export function exportedFileResponse(file: ExportedFile) {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Export-Count": String(file.count),
    },
  });
}
