import { describe, expect, it } from "vitest";
import { importToasts } from "~/modules/import-export/import-report";
import { exportFileName, MAX_IMPORT_ROWS, parseTestFile, readTestRecord } from "~/modules/import-export/test-file";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("reading an import file", () => {
  it("accepts only .csv and .json files", () => {
    expect(parseTestFile("tests.xlsx", "[]")).toEqual({ ok: false, error: "Unsupported file format. Please use CSV or JSON files." });
    expect(parseTestFile("tests.JSON", "[]")).toEqual({ ok: true, records: [] });
    expect(parseTestFile("tests.csv", "name,price\n")).toEqual({ ok: true, records: [] });
  });

  it("refuses JSON that is not an array of tests, or not JSON at all", () => {
    expect(parseTestFile("t.json", '{"name":"CBC"}')).toEqual({ ok: false, error: "Invalid import format: expected an array of tests" });
    expect(parseTestFile("t.json", "[{")).toMatchObject({ ok: false, error: expect.stringContaining("not valid JSON") });
  });

  it("names the ids that appear twice, whatever their case", () => {
    const records = [{ id: ID }, { id: ID.toUpperCase() }, { id: "" }, { id: "" }];
    expect(parseTestFile("t.json", JSON.stringify(records))).toEqual({
      ok: false,
      error: `Duplicate IDs found in import file: ${ID}`,
    });
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows`, () => {
    const records = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({ name: "x", price: 1 }));
    expect(parseTestFile("t.json", JSON.stringify(records))).toMatchObject({ ok: false, error: expect.stringContaining("10,000") });
  });

  it("reads CSV headers in any case, skips blank lines and takes back the formula guard", () => {
    const parsed = parseTestFile("t.csv", "\uFEFFName,PRICE,specimen\nCBC,90.00,'=HYPERLINK()\n\n");
    expect(parsed).toEqual({ ok: true, records: [{ name: "CBC", price: "90.00", specimen: "=HYPERLINK()" }] });
  });
});

describe("checking one row", () => {
  it("requires a name and a price", () => {
    expect(readTestRecord({ name: " ", price: 10 }, 1)).toEqual({ ok: false, error: "Row 1: Missing required fields (name or price)" });
    expect(readTestRecord({ name: "CBC" }, 2)).toEqual({ ok: false, error: "Row 2: Missing required fields (name or price)" });
    expect(readTestRecord("CBC", 3)).toEqual({ ok: false, error: "Row 3: Missing required fields (name or price)" });
  });

  it("requires a price of 0 or more with at most 2 decimals", () => {
    for (const price of ["abc", "-5", "10.999", "1,200"]) {
      expect(readTestRecord({ name: "CBC", price }, 4)).toEqual({ ok: false, error: "Row 4: Invalid price value" });
    }
    expect(readTestRecord({ name: "CBC", price: 149.5 }, 1)).toMatchObject({ ok: true, row: { input: { price: 14950 } } });
    expect(readTestRecord({ name: "CBC", price: "0" }, 1)).toMatchObject({ ok: true, row: { input: { price: 0 } } });
  });

  it("requires an id to be a UUID of version 1 to 5", () => {
    expect(readTestRecord({ id: "abc", name: "CBC", price: 1 }, 5)).toEqual({ ok: false, error: "Row 5: Invalid UUID format for ID: abc" });
    const v7 = "01890a5d-ac96-774b-bcce-b302099a8057";
    expect(readTestRecord({ id: v7, name: "CBC", price: 1 }, 6)).toEqual({ ok: false, error: `Row 6: Invalid UUID format for ID: ${v7}` });
    expect(readTestRecord({ id: ID.toUpperCase(), name: "CBC", price: 1 }, 7)).toMatchObject({ ok: true, row: { id: ID } });
  });

  it("checks the optional fields as the form does", () => {
    expect(readTestRecord({ name: "CBC", price: 1, featured_image: "javascript:alert(1)" }, 8)).toEqual({
      ok: false,
      error: "Row 8: Invalid featured_image: Please enter a valid URL",
    });
  });

  it("knows which columns the row has and how it names its category", () => {
    const checked = readTestRecord({ name: "CBC", price: "90", specimen: "", category_name: "Blood" }, 1);
    expect(checked).toMatchObject({
      ok: true,
      row: { id: null, fields: ["name", "price", "specimen"], category: { name: "Blood" }, input: { specimen: null } },
    });
    expect(readTestRecord({ name: "CBC", price: "90" }, 1)).toMatchObject({ row: { category: undefined } });
    expect(readTestRecord({ name: "CBC", price: "90", category_id: "" }, 1)).toMatchObject({ row: { category: null } });
  });
});

describe("import report", () => {
  it("summarises the counts and lists the first 3 errors", () => {
    const errors = ["Row 1: a", "Row 2: b", "Row 3: c", "Row 4: d", "Row 5: e"];
    expect(importToasts({ ok: true, processed: 7, inserted: 1, updated: 1, failed: 5, errors })).toEqual([
      { title: "Import completed", description: "Processed 7 records: 1 inserted, 1 updated, 5 failed", destructive: true },
      { title: "Import errors details", description: "Row 1: a\nRow 2: b\nRow 3: c\n... and 2 more errors", destructive: true },
    ]);
    expect(importToasts({ ok: true, processed: 2, inserted: 2, updated: 0, failed: 0, errors: [] })).toEqual([
      { title: "Import completed", description: "Processed 2 records: 2 inserted, 0 updated, 0 failed", destructive: false },
    ]);
    expect(importToasts({ ok: false, error: "Unsupported file format. Please use CSV or JSON files." })).toEqual([
      { title: "Import failed", description: "Unsupported file format. Please use CSV or JSON files.", destructive: true },
    ]);
  });
});

it("names the export file after today's date in Abu Dhabi", () => {
  // 22:30 UTC on 31 Dec is already 1 Jan in Abu Dhabi (UTC+4).
  expect(exportFileName("csv", new Date("2026-12-31T22:30:00Z"))).toBe("lab-tests-export-2027-01-01.csv");
  expect(exportFileName("json", new Date("2026-06-01T08:00:00Z"))).toBe("lab-tests-export-2026-06-01.json");
});
