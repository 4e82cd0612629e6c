import { asc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertCategory, insertTest } from "~/seed/factories.server";
import { tests } from "~/db/schema";
import { loader as exportLoader } from "~/routes/admin/tests.export";
import { action as importAction } from "~/routes/admin/tests.import";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { exportTests } from "~/modules/import-export/export-tests.server";
import { importTests } from "~/modules/import-export/import-tests.server";
import { MAX_IMPORT_BYTES, TEST_FILE_COLUMNS } from "~/modules/import-export/test-file";

const jsonFile = (records: unknown, name = "tests.json") => new File([JSON.stringify(records)], name);
const csvFile = (text: string, name = "tests.csv") => new File([text], name);
const allTests = () => db.select().from(tests).orderBy(asc(tests.name));

/** What an export carries for each test: the columns a round trip must keep. */
const exported = async () =>
  (await allTests()).map((t) => ({
    id: t.id,
    name: t.name,
    slug: t.slug,
    description: t.description,
    priceFils: t.priceFils,
    categoryId: t.categoryId,
    preparationInstructions: t.preparationInstructions,
    resultTime: t.resultTime,
    resultTimeHours: t.resultTimeHours,
    featuredImage: t.featuredImage,
    cptCode: t.cptCode,
    transportTemperature: t.transportTemperature,
    specimen: t.specimen,
    whyYouNeedThisTest: t.whyYouNeedThisTest,
    nameAr: t.nameAr,
    descriptionAr: t.descriptionAr,
    preparationInstructionsAr: t.preparationInstructionsAr,
    whyYouNeedThisTestAr: t.whyYouNeedThisTestAr,
    isFeatured: t.isFeatured,
  }));

describe("importing tests", () => {
  it("refuses files that are not CSV or JSON, not an array, or repeat an id, and imports nothing", async () => {
    const id = crypto.randomUUID();
    expect(await importTests(new File(["name,price\nCBC,10"], "tests.txt"))).toEqual({
      ok: false,
      error: "Unsupported file format. Please use CSV or JSON files.",
    });
    expect(await importTests(jsonFile({ name: "CBC", price: 10 }))).toEqual({
      ok: false,
      error: "Invalid import format: expected an array of tests",
    });
    expect(
      await importTests(jsonFile([{ name: "Valid", price: 1 }, { id, name: "A", price: 1 }, { id, name: "B", price: 2 }])),
    ).toEqual({ ok: false, error: `Duplicate IDs found in import file: ${id}` });
    expect(await allTests()).toHaveLength(0);
  });

  it("refuses a file over the size limit", async () => {
    const big = new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], "tests.json");
    expect(await importTests(big)).toEqual({ ok: false, error: "The file is too large. The maximum size is 5 MB." });
  });

  it("inserts rows without an id or with an unknown id, updates rows with a known id", async () => {
    const existing = await insertTest(db, { name: "Old Name", specimen: "Serum", cptCode: "80053" });
    const newId = crypto.randomUUID();
    const outcome = await importTests(
      jsonFile([
        { name: "Brand New", price: "49.99", result_time: "2 days" },
        { id: newId, name: "Known Id", price: 75 },
        // Only the columns the file has change: the specimen stays.
        { id: existing.id.toUpperCase(), name: "New Name", price: 120.5, cpt_code: "" },
      ]),
    );
    expect(outcome).toEqual({ ok: true, processed: 3, inserted: 2, updated: 1, failed: 0, errors: [] });

    const [brandNew] = await db.select().from(tests).where(eq(tests.name, "Brand New"));
    expect(brandNew).toMatchObject({ slug: "brand-new", priceFils: 4999, resultTime: "2 days", resultTimeHours: 48, isFeatured: false });
    expect((await db.select().from(tests).where(eq(tests.id, newId)))[0]).toMatchObject({ name: "Known Id", priceFils: 7500 });
    const [updated] = await db.select().from(tests).where(eq(tests.id, existing.id));
    expect(updated).toMatchObject({ name: "New Name", slug: existing.slug, priceFils: 12050, specimen: "Serum", cptCode: null });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(existing.updatedAt.getTime());
  });

  it("imports the valid rows and counts each invalid one with its reason", async () => {
    const outcome = await importTests(
      csvFile(
        [
          "id,name,price,category_name",
          ",Good One,10.00,",
          ",,10.00,",
          ",No Price,,",
          ",Bad Price,ten,",
          "not-a-uuid,Bad Id,10,",
          ",Unknown Category,10,Astrology",
          ",Good Two,0,",
        ].join("\n"),
      ),
    );
    expect(outcome).toEqual({
      ok: true,
      processed: 7,
      inserted: 2,
      updated: 0,
      failed: 5,
      errors: [
        "Row 2: Missing required fields (name or price)",
        "Row 3: Missing required fields (name or price)",
        "Row 4: Invalid price value",
        "Row 5: Invalid UUID format for ID: not-a-uuid",
        "Row 6: Category not found: Astrology",
      ],
    });
    expect((await allTests()).map((t) => t.name)).toEqual(["Good One", "Good Two"]);
  });

  it("matches categories by id or by name ignoring case", async () => {
    const blood = await insertCategory(db, { name: "Blood Tests" });
    const vitamins = await insertCategory(db, { name: "Vitamins" });
    const outcome = await importTests(
      jsonFile([
        { name: "By Id", price: 1, category_id: vitamins.id },
        { name: "By Name", price: 1, category_name: "blood TESTS" },
        { name: "Unknown Id", price: 1, category_id: crypto.randomUUID() },
      ]),
    );
    expect(outcome).toMatchObject({ inserted: 2, failed: 1, errors: [expect.stringMatching(/^Row 3: Category not found: /)] });
    const rows = await allTests();
    expect(rows.map((t) => [t.name, t.categoryId])).toEqual([
      ["By Id", vitamins.id],
      ["By Name", blood.id],
    ]);
  });

  it("sanitises rich text on the way in", async () => {
    await importTests(
      jsonFile([
        {
          name: "Risky",
          price: 1,
          description: '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>',
          preparation_instructions: '<a href="javascript:alert(1)">x</a>',
          why_you_need_this_test: '<iframe src="https://evil.example"></iframe><strong>Because</strong>',
        },
      ]),
    );
    const [row] = await allTests();
    expect(row.description).toBe("<p>Hi</p>");
    expect(row.preparationInstructions).toBe("<a>x</a>");
    expect(row.whyYouNeedThisTest).toBe("<strong>Because</strong>");
  });
});

describe("Arabic columns", () => {
  it("are imported, sanitised like the English ones, and left alone by a file without them", async () => {
    const outcome = await importTests(
      jsonFile([{ name: "Ferritin", price: 80, name_ar: "  الفيريتين ", description_ar: "<p>مخزون الحديد</p><script>alert(1)</script>" }]),
    );
    expect(outcome).toMatchObject({ ok: true, inserted: 1 });
    const [row] = await allTests();
    expect(row).toMatchObject({ nameAr: "الفيريتين", descriptionAr: "<p>مخزون الحديد</p>" });
    expect(await importTests(csvFile(`id,name,price\n${row.id},Ferritin (serum),85`))).toMatchObject({ ok: true, updated: 1 });
    expect((await allTests())[0]).toMatchObject({ name: "Ferritin (serum)", nameAr: "الفيريتين", descriptionAr: "<p>مخزون الحديد</p>" });
    expect(await importTests(csvFile(`id,name,price,name_ar\n${row.id},Ferritin (serum),85,`))).toMatchObject({ ok: true, updated: 1 });
    expect((await allTests())[0]).toMatchObject({ nameAr: null, descriptionAr: "<p>مخزون الحديد</p>" });
  });
});

describe("exporting tests", () => {
  async function catalogue() {
    const category = await insertCategory(db, { name: "Wellness" });
    await insertTest(db, {
      name: "Vitamin D, \"25-OH\"",
      priceFils: 14950,
      categoryId: category.id,
      description: '<p>Line one</p>\n<p>Line, two with <a href="https://example.ae" target="_blank" rel="noopener noreferrer nofollow">link</a></p>',
      preparationInstructions: "<ul><li>Fast 8 hours</li></ul>",
      featuredImage: "https://images.example.ae/vit-d.jpg",
      cptCode: "82306",
      transportTemperature: "=cmd|' /C calc'!A0",
      specimen: "'-Serum",
      whyYouNeedThisTest: "<p>Arabic: فيتامين د</p>",
      nameAr: "فيتامين د، \"25-OH\"",
      descriptionAr: "<p>يقيس مستوى فيتامين د في الدم.</p>",
      preparationInstructionsAr: "<ul><li>الصيام 8 ساعات</li></ul>",
      whyYouNeedThisTestAr: "<p>لصحة العظام</p>",
      isFeatured: true,
    });
    await insertTest(db, { name: "Bare", priceFils: 0, description: null, resultTime: null });
    return category;
  }

  it("writes the spec's CSV columns, prices with 2 decimals, and guards against formulas", async () => {
    const category = await catalogue();
    const file = await exportTests("csv", new Date("2026-11-22T06:00:00Z"));
    expect(file.fileName).toBe("lab-tests-export-2026-11-22.csv");
    expect(file.count).toBe(2);
    const { data, meta } = Papa.parse<Record<string, string>>(file.body.replace(/^\uFEFF/, ""), { header: true });
    expect(meta.fields).toEqual([...TEST_FILE_COLUMNS]);
    expect(data[1]).toMatchObject({
      name: 'Vitamin D, "25-OH"',
      price: "149.50",
      category_id: category.id,
      category_name: "Wellness",
      transport_temperature: "'=cmd|' /C calc'!A0",
      specimen: "''-Serum",
    });
    expect(data[0]).toMatchObject({ name: "Bare", price: "0.00", description: "", category_name: "", name_ar: "" });
    expect(data[1]).toMatchObject({ name_ar: 'فيتامين د، "25-OH"', preparation_instructions_ar: "<ul><li>الصيام 8 ساعات</li></ul>" });
  });

  it("writes JSON as an array of the same fields", async () => {
    await catalogue();
    const file = await exportTests("json", new Date("2026-11-22T06:00:00Z"));
    expect(file.fileName).toBe("lab-tests-export-2026-11-22.json");
    const records = JSON.parse(file.body);
    expect(Object.keys(records[0])).toEqual([...TEST_FILE_COLUMNS]);
    expect(records[1]).toMatchObject({ price: 149.5, transport_temperature: "=cmd|' /C calc'!A0", category_name: "Wellness" });
  });

  for (const format of ["csv", "json"] as const) {
    it(`re-imports its own ${format.toUpperCase()} as updates with nothing lost`, async () => {
      await catalogue();
      const before = await exported();
      const file = await exportTests(format);
      const outcome = await importTests(new File([file.body], file.fileName));
      expect(outcome).toEqual({ ok: true, processed: 2, inserted: 0, updated: 2, failed: 0, errors: [] });
      expect(await exported()).toEqual(before);
    });
  }
});

describe("import and export routes", () => {
  const uploadTo = (request: (path: string, init?: RequestInit) => Request, file: File) => {
    const body = new FormData();
    body.set("file", file);
    return routeOutcome(() => importAction(routeArgs<Parameters<typeof importAction>[0]>(request("/admin/tests/import", { method: "POST", body }))));
  };
  const download = (request: (path: string) => Request, format: string) =>
    routeOutcome(() => exportLoader(routeArgs<Parameters<typeof exportLoader>[0]>(request(`/admin/tests/export?format=${format}`))));

  it("are closed to customers and visitors", async () => {
    await createAccount(db, { email: "customer@example.com", password: "right-password" });
    const asCustomer = await signedInAs({ email: "customer@example.com", password: "right-password" });
    expect(await uploadTo(asCustomer, jsonFile([{ name: "Sneaky", price: 1 }]))).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await download(asCustomer, "csv")).toMatchObject({ status: 302, location: "/dashboard" });
    const asVisitor = (path: string, init?: RequestInit) => new Request(`http://localhost:3999${path}`, init);
    expect((await download(asVisitor, "json")).location).toMatch(/^\/auth\?redirect=/);
    expect(await allTests()).toHaveLength(0);
  });

  it("let an admin import a file and download the catalogue", async () => {
    await createAccount(db, { email: "boss@example.com", password: "right-password", admin: true });
    const asAdmin = await signedInAs({ email: "boss@example.com", password: "right-password" });
    const imported = await uploadTo(asAdmin, csvFile("name,price\nCBC,90\n,5"));
    expect(imported).toMatchObject({
      status: 200,
      body: {
        toasts: [
          { title: "Import completed", description: "Processed 2 records: 1 inserted, 0 updated, 1 failed", destructive: true },
          { title: "Import errors details", description: "Row 2: Missing required fields (name or price)", destructive: true },
        ],
      },
    });
    const refused = await uploadTo(asAdmin, new File(["x"], "tests.xml"));
    expect(refused).toMatchObject({ status: 400, body: { toasts: [{ title: "Import failed" }] } });

    const response = (await download(asAdmin, "json")).body as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="lab-tests-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("X-Export-Count")).toBe("1");
    expect(await response.json()).toMatchObject([{ name: "CBC", price: 90 }]);
  });
});
