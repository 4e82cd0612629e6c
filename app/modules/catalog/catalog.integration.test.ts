import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertCategory, insertTest } from "~/seed/factories.server";
import { parseSearchState } from "~/modules/catalog/search-params";
import { listCategories, searchTests } from "~/modules/catalog/search-tests.server";
import { categoryTests, findTestBySlug, findTestsByNames, relatedTests } from "~/modules/catalog/test-details.server";

const search = (query: string) => searchTests(parseSearchState(new URLSearchParams(query)));
const names = (result: { tests: { name: string }[] }) => result.tests.map((test) => test.name);

describe("catalogue search", () => {
  it("finds tests by a case-insensitive part of the name, exact and prefix matches first", async () => {
    await insertTest(db, { name: "Vitamin D (25-OH)" });
    await insertTest(db, { name: "Advanced Vitamin Panel" });
    await insertTest(db, { name: "Vitamin B12" });
    await insertTest(db, { name: "Lipid Profile" });
    const result = await search("q=VITAMIN");
    expect(names(result)).toEqual(["Vitamin B12", "Vitamin D (25-OH)", "Advanced Vitamin Panel"]);
    expect(result.total).toBe(3);
    expect(names(await search("q=vitamin b12"))[0]).toBe("Vitamin B12");
  });

  it("tolerates small typos", async () => {
    await insertTest(db, { name: "Vitamin D (25-OH)" });
    await insertTest(db, { name: "Cholesterol, Total" });
    await insertTest(db, { name: "Complete Blood Count (CBC)" });
    const corrected = await search("q=vitamn d");
    expect(names(corrected)[0]).toBe("Vitamin D (25-OH)");
    expect(corrected.correctedQuery).toBe("vitamin d");
    expect(names(await search("q=cholestrol"))).toEqual(["Cholesterol, Total"]);
  });

  it("finds tests whatever the word order, and by description or category", async () => {
    const heart = await insertCategory(db, { name: "Heart Health" });
    await insertTest(db, { name: "Vitamin D (25-OH)" });
    await insertTest(db, { name: "Troponin I", categoryId: heart.id, description: "<p>A cardiac marker.</p>" });
    await insertTest(db, { name: "Ferritin", description: "<p>Shows your <strong>iron stores</strong>.</p>" });
    expect(names(await search("q=d vitamin"))).toEqual(["Vitamin D (25-OH)"]);
    expect(names(await search("q=iron"))).toEqual(["Ferritin"]);
    expect(names(await search("q=heart"))).toEqual(["Troponin I"]);
  });

  it("filters by category and tells an unknown category by an empty result", async () => {
    const thyroid = await insertCategory(db, { name: "Thyroid" });
    await insertTest(db, { name: "TSH", categoryId: thyroid.id });
    await insertTest(db, { name: "HbA1c" });
    expect(names(await search(`category=${thyroid.id}`))).toEqual(["TSH"]);
    expect((await search("category=00000000-0000-4000-8000-000000000000")).total).toBe(0);
    expect((await search("category=not-a-uuid")).total).toBe(0);
  });

  it("sorts six ways; descending sorts put missing result times first", async () => {
    await insertTest(db, { name: "Beta", priceFils: 20000, resultTime: "3-5 days" });
    await insertTest(db, { name: "Alpha", priceFils: 30000, resultTime: "Same day" });
    await insertTest(db, { name: "Gamma", priceFils: 10000, resultTime: null });
    expect(names(await search(""))).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(names(await search("sort=name-desc"))).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(names(await search("sort=price-asc"))).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(names(await search("sort=price-desc"))).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(names(await search("sort=result_time-asc"))).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(names(await search("sort=result_time-desc"))).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(names(await search("sort=bogus"))).toEqual(["Alpha", "Beta", "Gamma"]);
  });

  it("pages by nine and clamps pages that do not exist", async () => {
    for (let n = 1; n <= 20; n++) await insertTest(db, { name: `Panel ${String(n).padStart(2, "0")}` });
    const second = await search("page=2");
    expect(second).toMatchObject({ page: 2, pageCount: 3, total: 20 });
    expect(names(second)[0]).toBe("Panel 10");
    for (const page of ["-1", "0", "abc", ""]) expect((await search(`page=${page}`)).page).toBe(1);
    const last = await search("page=99999999");
    expect(last.page).toBe(3);
    expect(names(last)).toEqual(["Panel 19", "Panel 20"]);
  });

  it("answers a 10,000-character query with an empty result instead of failing", async () => {
    await insertTest(db, { name: "TSH" });
    const result = await search(`q=${"a%_'\\".repeat(2000)}`);
    expect(result.tests).toEqual([]);
  });

  it("shows descriptions as plain text on cards", async () => {
    await insertTest(db, { name: "Ferritin", description: "<p>Shows your <strong>iron</strong> stores.</p><ul><li>Fatigue</li></ul>" });
    expect((await search("q=ferritin")).tests[0].description).toBe("Shows your iron stores. Fatigue");
  });

  it("lists categories by name", async () => {
    await insertCategory(db, { name: "Thyroid" });
    await insertCategory(db, { name: "Allergy" });
    expect((await listCategories()).map((c) => c.name)).toEqual(["Allergy", "Thyroid"]);
  });
});

describe("product pages", () => {
  it("find a test by slug with its category, defaults and sanitised rich text", async () => {
    const test = await insertTest(db, {
      name: "Lipid Profile",
      resultTime: null,
      preparationInstructions: '<p onclick="x()">Fast for 12 hours.<script>alert(1)</script></p>',
    });
    const found = await findTestBySlug(test.slug);
    expect(found).toMatchObject({ name: "Lipid Profile", resultTime: "24-48 hours", categoryName: "General Health" });
    expect(found?.preparationInstructions).toBe("<p>Fast for 12 hours.</p>");
    expect(await findTestBySlug("no-such-test")).toBeNull();
  });

  it("relate four tests of the same category, newest first, then any other tests", async () => {
    const heart = await insertCategory(db, { name: "Heart Health" });
    const other = await insertCategory(db, { name: "Thyroid" });
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    const current = await insertTest(db, { name: "Troponin", categoryId: heart.id, createdAt: at(1) });
    await insertTest(db, { name: "Old heart", categoryId: heart.id, createdAt: at(10) });
    await insertTest(db, { name: "New heart", categoryId: heart.id, createdAt: at(2) });
    await insertTest(db, { name: "TSH", categoryId: other.id, createdAt: at(5) });
    await insertTest(db, { name: "FT4", categoryId: other.id, createdAt: at(3) });
    await insertTest(db, { name: "T3", categoryId: other.id, createdAt: at(20) });
    const related = await relatedTests(current);
    expect(related.map((t) => t.name)).toEqual(["New heart", "Old heart", "FT4", "TSH"]);

    const lonely = await insertTest(db, { name: "Uncategorised", createdAt: at(0) });
    expect((await relatedTests(lonely)).map((t) => t.name)).toEqual(["Troponin", "New heart", "FT4", "TSH"]);
  });
});

describe("home page sample card", () => {
  it("shows the named tests in the given order with their catalogue prices, skipping missing ones", async () => {
    const lipid = await insertTest(db, { name: "Lipid Profile", priceFils: 9900 });
    await insertTest(db, { name: "Lipid Profile", priceFils: 50000 });
    await insertTest(db, { name: "Vitamin D (25-OH)", priceFils: 14900 });
    const found = await findTestsByNames(["Vitamin D (25-OH)", "HbA1c", "Lipid Profile"]);
    expect(found.map((test) => [test.name, test.priceFils])).toEqual([
      ["Vitamin D (25-OH)", 14900],
      ["Lipid Profile", 9900],
    ]);
    expect(found[1].slug).toBe(lipid.slug);
  });
});

describe("category pages", () => {
  it("list a category's tests by name and clamp the page", async () => {
    const thyroid = await insertCategory(db, { name: "Thyroid" });
    await insertTest(db, { name: "TSH", categoryId: thyroid.id });
    await insertTest(db, { name: "FT4", categoryId: thyroid.id });
    await insertTest(db, { name: "Ferritin" });
    const listing = await categoryTests(thyroid.id, 7);
    expect(listing).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(listing.tests.map((t) => t.name)).toEqual(["FT4", "TSH"]);
  });
});
