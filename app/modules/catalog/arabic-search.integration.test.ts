import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertCategory, insertTest } from "~/seed/factories.server";
import { foldArabic, foldArabicSql } from "~/modules/catalog/arabic-search";
import { parseSearchState } from "~/modules/catalog/search-params";
import { searchTests } from "~/modules/catalog/search-tests.server";
import { categoryTests } from "~/modules/catalog/test-details.server";

const search = (q: string, extra = "") => searchTests(parseSearchState(new URLSearchParams(`q=${encodeURIComponent(q)}${extra}`)));
const names = (result: { tests: { name: string }[] }) => result.tests.map((test) => test.name);

describe("Arabic search", () => {
  it("folds alef forms, ta marbuta, alef maqsura, diacritics and tatweel the same way in the database", async () => {
    const samples = ["أإآٱ", "الدهون الثلاثية", "مستشفى", "فَحْصُ الدَّمِ", "فحـــص", "HbA1c السكر التراكمي"];
    for (const sample of samples) {
      const { rows } = await db.execute<{ folded: string }>(sql`select ${foldArabicSql(`'${sample}'`)} as folded`);
      expect(rows[0].folded).toBe(foldArabic(sample));
    }
    expect(foldArabic("إختبار الغدة الدرقية")).toBe("اختبار الغده الدرقيه");
    expect(foldArabic("فَحْصُ الدَّمِ")).toBe("فحص الدم");
    expect(foldArabic("مستشفى")).toBe("مستشفي");
    expect(foldArabic("فحـــص")).toBe("فحص");
  });

  it("finds a test by its Arabic name however the query spells alef, ta marbuta, alef maqsura and diacritics", async () => {
    await insertTest(db, { name: "Thyroid Function Test", nameAr: "اختبار وظائف الغدة الدرقية" });
    await insertTest(db, { name: "Triglycerides", nameAr: "الدهون الثلاثية" });
    await insertTest(db, { name: "Vitamin D (25-OH)", nameAr: "فيتامين د" });
    expect(names(await search("الغدة الدرقية"))).toEqual(["Thyroid Function Test"]);
    expect(names(await search("إختبار الغده"))).toEqual(["Thyroid Function Test"]);
    expect(names(await search("الثُّلاثِيَّة"))).toEqual(["Triglycerides"]);
    expect(names(await search("فيتـــامين"))).toEqual(["Vitamin D (25-OH)"]);
  });

  it("matches the Arabic words in any order, and the English name still finds the test", async () => {
    await insertTest(db, { name: "Thyroid Function Test", nameAr: "اختبار وظائف الغدة الدرقية" });
    await insertTest(db, { name: "Lipid Profile", nameAr: "فحص الدهون الشامل" });
    expect(names(await search("الدرقية وظائف"))).toEqual(["Thyroid Function Test"]);
    expect(names(await search("thyroid"))).toEqual(["Thyroid Function Test"]);
    const english = await search("الدهون");
    expect(english.tests[0]).toMatchObject({ name: "Lipid Profile", nameAr: "فحص الدهون الشامل" });
  });

  it("tolerates a typo in an Arabic word and offers the corrected query", async () => {
    await insertTest(db, { name: "Cholesterol, Total", nameAr: "الكوليسترول الكلي" });
    await insertTest(db, { name: "Complete Blood Count (CBC)", nameAr: "تعداد الدم الكامل" });
    const result = await search("الكولسترول");
    expect(names(result)).toEqual(["Cholesterol, Total"]);
    expect(result.correctedQuery).toBe("الكوليسترول");
  });

  it("finds the tests of a category by its Arabic name, and ranks exact Arabic names first", async () => {
    const heart = await insertCategory(db, { name: "Heart Health", nameAr: "صحة القلب" });
    await insertTest(db, { name: "Troponin I", categoryId: heart.id });
    expect(names(await search("صحه القلب"))).toEqual(["Troponin I"]);
    await insertTest(db, { name: "Iron Studies Panel", nameAr: "لوحة الحديد الموسعة" });
    await insertTest(db, { name: "Iron", nameAr: "الحديد" });
    expect(names(await search("الحديد"))).toEqual(["Iron", "Iron Studies Panel"]);
  });

  it("an Arabic page lists tests by their Arabic names (English ones where a test has none), an English page by the English names", async () => {
    const category = await insertCategory(db, { name: "Vitamins", nameAr: "الفيتامينات" });
    await insertTest(db, { name: "Zinc", nameAr: "الزنك", categoryId: category.id });
    await insertTest(db, { name: "Biotin", nameAr: "البيوتين", categoryId: category.id });
    await insertTest(db, { name: "Vitamin D (25-OH)", nameAr: "فيتامين د", categoryId: category.id });
    await insertTest(db, { name: "Copper", categoryId: category.id });
    const byCategory = (language: "en" | "ar", sort = "") => searchTests(parseSearchState(new URLSearchParams(`category=${category.id}${sort}`)), language);
    expect(names(await byCategory("en"))).toEqual(["Biotin", "Copper", "Vitamin D (25-OH)", "Zinc"]);
    // Latin letters sort before Arabic ones; among the Arabic names: البيوتين, الزنك, فيتامين د.
    expect(names(await byCategory("ar"))).toEqual(["Copper", "Biotin", "Zinc", "Vitamin D (25-OH)"]);
    expect(names(await byCategory("ar", "&sort=name-desc"))).toEqual(["Vitamin D (25-OH)", "Zinc", "Biotin", "Copper"]);
    expect(names(await byCategory("ar", "&sort=price-asc"))).toHaveLength(4);
    expect(names(await categoryTests(category.id, 1, "ar"))).toEqual(["Copper", "Biotin", "Zinc", "Vitamin D (25-OH)"]);
    expect(names(await categoryTests(category.id, 1))).toEqual(["Biotin", "Copper", "Vitamin D (25-OH)", "Zinc"]);
    // A query with a chosen name sort orders its matches the same way.
    const query = (language: "en" | "ar") => searchTests(parseSearchState(new URLSearchParams(`q=i&sort=name-asc&category=${category.id}`)), language);
    expect(names(await query("ar"))).toEqual(["Copper", "Biotin", "Zinc", "Vitamin D (25-OH)"]);
    expect(names(await query("en"))).toEqual(["Biotin", "Copper", "Vitamin D (25-OH)", "Zinc"]);
  });
});
