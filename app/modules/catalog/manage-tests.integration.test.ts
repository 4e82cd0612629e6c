import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertCategory, insertTest } from "~/seed/factories.server";
import { tests } from "~/db/schema";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { AdminTestsQuerySchema } from "~/modules/catalog/test-form-schema";
import { listAdminTests, TESTS_PAGE_SIZE, testCrud } from "~/modules/catalog/manage-tests.server";

const query = (params: Record<string, string> = {}) => AdminTestsQuerySchema.parse(params);
const names = async (params: Record<string, string> = {}) => (await listAdminTests(query(params))).tests.map((t) => t.name);

describe("admin tests: add, edit, delete", () => {
  it("adds a test with a slug from its name, the price in fils and sanitised rich text", async () => {
    const category = await insertCategory(db, { name: "Blood" });
    const created = await runCrudAction(
      {
        intent: "create",
        name: "Complete Blood Count",
        price: "89.50",
        categoryId: category.id,
        resultTime: "24-48 hours",
        description: '<p>Counts cells.</p><script>alert(1)</script><a href="https://doh.gov.ae" target="_blank">DoH</a>',
        slug: "chosen-by-the-client",
        whyYouNeedThisTest: "",
      },
      testCrud,
    );
    expect(created.data).toEqual({
      ok: true,
      toast: { title: "Test created", description: "Complete Blood Count has been added successfully." },
    });
    const [row] = await db.select().from(tests);
    expect(row).toMatchObject({
      slug: "complete-blood-count",
      priceFils: 8950,
      categoryId: category.id,
      resultTimeHours: 48,
      whyYouNeedThisTest: null,
      cptCode: null,
    });
    expect(row.description).not.toContain("<script");
    expect(row.description).toContain('rel="noopener noreferrer nofollow"');
  });

  it("edits a test, keeping its slug and setting updated_at, then deletes it", async () => {
    const test = await insertTest(db, { name: "Vitamin D" });
    const updated = await runCrudAction(
      { intent: "update", id: test.id, name: "Vitamin D (25-OH)", price: "120", whyYouNeedThisTest: "<p>Bones</p>" },
      testCrud,
    );
    expect(updated.data).toEqual({
      ok: true,
      toast: { title: "Test updated", description: "Vitamin D (25-OH) has been updated successfully." },
    });
    const [row] = await db.select().from(tests).where(eq(tests.id, test.id));
    expect(row).toMatchObject({ slug: test.slug, name: "Vitamin D (25-OH)", priceFils: 12000, whyYouNeedThisTest: "<p>Bones</p>" });
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(test.updatedAt.getTime());

    const deleted = await runCrudAction({ intent: "delete", id: test.id }, testCrud);
    expect(deleted.data).toEqual({ ok: true, toast: { title: "Test deleted" } });
    expect(await db.select().from(tests)).toHaveLength(0);
  });

  it("refuses a test without a name or price, or with a bad price, and saves nothing", async () => {
    const missing = await runCrudAction({ intent: "create", name: " ", price: "" }, testCrud);
    expect(missing.init?.status).toBe(400);
    expect(missing.data).toMatchObject({
      ok: false,
      toast: { title: "Error creating test" },
      fieldErrors: { name: ["Name is required"], price: ["Price is required"] },
    });
    for (const price of ["-1", "10.999", "ten"]) {
      const bad = await runCrudAction({ intent: "create", name: "CBC", price }, testCrud);
      expect(bad.data).toMatchObject({ fieldErrors: { price: ["Price must be a number of 0 or more with at most 2 decimals"] } });
    }
    expect(await db.select().from(tests)).toHaveLength(0);
  });

  it("accepts only an existing category or none", async () => {
    const unknown = await runCrudAction({ intent: "create", name: "CBC", price: "10", categoryId: crypto.randomUUID() }, testCrud);
    expect(unknown.data).toMatchObject({ ok: false, fieldErrors: { categoryId: ["Please choose a category from the list"] } });
    const none = await runCrudAction({ intent: "create", name: "CBC", price: "10", categoryId: "" }, testCrud);
    expect(none.data).toMatchObject({ ok: true });
    expect((await db.select().from(tests))[0].categoryId).toBeNull();
  });

  it("answers an edit of a test that no longer exists", async () => {
    const gone = await runCrudAction({ intent: "update", id: crypto.randomUUID(), name: "CBC", price: "10" }, testCrud);
    expect(gone.init?.status).toBe(404);
    expect(gone.data).toMatchObject({ toast: { title: "Error updating test" } });
  });
});

describe("admin tests: search, sort and pages", () => {
  it("finds tests by name or description, ignoring case, and takes % and _ literally", async () => {
    const category = await insertCategory(db, { name: "Hormones" });
    await insertTest(db, { name: "Thyroid Panel", description: "<p>TSH and T4</p>", categoryId: category.id });
    await insertTest(db, { name: "Lipid Profile", description: "<p>Includes a THYROID screen note</p>" });
    await insertTest(db, { name: "Iron 100% Panel", description: null });
    await insertTest(db, { name: "Iron 100 Panel", description: null });

    expect((await names({ q: "thyroid" })).sort()).toEqual(["Lipid Profile", "Thyroid Panel"]);
    expect(await names({ q: "100%" })).toEqual(["Iron 100% Panel"]);
    expect(await names({ q: "_" })).toEqual([]);
    const [thyroid] = (await listAdminTests(query({ q: "tsh" }))).tests;
    expect(thyroid).toMatchObject({ name: "Thyroid Panel", categoryName: "Hormones" });
  });

  it("sorts by name, price and result time in both directions", async () => {
    await insertTest(db, { name: "B Test", priceFils: 5000, resultTime: "3-5 days" });
    await insertTest(db, { name: "A Test", priceFils: 9000, resultTime: "24 hours" });
    await insertTest(db, { name: "C Test", priceFils: 1000, resultTime: "Same day" });

    expect(await names()).toEqual(["A Test", "B Test", "C Test"]);
    expect(await names({ sort: "name", dir: "desc" })).toEqual(["C Test", "B Test", "A Test"]);
    expect(await names({ sort: "price" })).toEqual(["C Test", "B Test", "A Test"]);
    expect(await names({ sort: "price", dir: "desc" })).toEqual(["A Test", "B Test", "C Test"]);
    expect(await names({ sort: "result_time" })).toEqual(["C Test", "A Test", "B Test"]);
    expect(await names({ sort: "result_time", dir: "desc" })).toEqual(["B Test", "A Test", "C Test"]);
    expect(await names({ sort: "nonsense", dir: "sideways" })).toEqual(["A Test", "B Test", "C Test"]);
  });

  it(`shows ${TESTS_PAGE_SIZE} tests a page and keeps a page past the end on the last page`, async () => {
    for (let n = 1; n <= 45; n++) await insertTest(db, { name: `Test ${String(n).padStart(2, "0")}` });
    const first = await listAdminTests(query());
    expect(first).toMatchObject({ total: 45, page: 1, pageCount: 3 });
    expect(first.tests).toHaveLength(20);
    const third = await listAdminTests(query({ page: "3" }));
    expect(third.tests.map((t) => t.name)).toEqual(["Test 41", "Test 42", "Test 43", "Test 44", "Test 45"]);
    expect((await listAdminTests(query({ page: "99" }))).page).toBe(3);
    expect(await listAdminTests(query({ q: "no such test" }))).toMatchObject({ total: 0, page: 1, pageCount: 1, tests: [] });
  });
});
