import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertCategory, insertLab, insertTest } from "~/seed/factories.server";
import { locate, suggest, suggestFor } from "~/modules/catalog/suggest.server";
import { splitAtHighlight, type Suggestion } from "~/modules/catalog/suggestions";

const shown = (suggestions: Suggestion[]) =>
  suggestions.map((s) => `${s.kind}: ${s.highlight ? splitAtHighlight(s.label, s.highlight).join("|") : s.label}${s.matched ? ` (${splitAtHighlight(s.matched.text, s.matched.highlight).join("|")})` : ""}`);

describe("suggestions as you type", () => {
  it("suggests tests, categories and labs from two characters on, names starting with the text first, the match marked", async () => {
    const category = await insertCategory(db, { name: "Vitamin & Mineral", nameAr: "الفيتامينات والمعادن" });
    await insertTest(db, { name: "Active Vitamin B12", categoryId: category.id });
    await insertTest(db, { name: "Vitamin D (25-OH)", nameAr: "فيتامين د", categoryId: category.id });
    await insertTest(db, { name: "Vitamin B12", categoryId: category.id });
    await insertTest(db, { name: "Lipid Profile" });
    await insertLab(db, { name: "Vital Care Lab", slug: "vital-care-lab" });
    await insertLab(db, { name: "Closed Vita Lab", slug: "closed-vita-lab", isActive: false });

    expect((await suggest("v", "en")).suggestions).toEqual([]);
    expect(shown((await suggest("vit", "en")).suggestions)).toEqual([
      "test: |Vit|amin B12",
      "test: |Vit|amin D (25-OH)",
      "test: Active |Vit|amin B12",
      "category: |Vit|amin & Mineral",
      "lab: |Vit|al Care Lab",
    ]);
    expect(shown((await suggest("VITAMIN  D", "en")).suggestions)).toEqual(["test: |Vitamin D| (25-OH)"]);
    const [first] = (await suggest("vitamin d", "en")).suggestions;
    expect(first.path).toMatch(/^\/product\/vitamin-d/);
  });

  it("suggests in the page's language: Arabic names on an Arabic page, whichever spelling is typed", async () => {
    const category = await insertCategory(db, { name: "Vitamin & Mineral", nameAr: "الفيتامينات والمعادن" });
    await insertTest(db, { name: "Vitamin D (25-OH)", nameAr: "فيتامين د", categoryId: category.id });
    await insertTest(db, { name: "Thyroid Function Test", nameAr: "اختبار وظائف الغدة الدرقية" });
    expect(shown((await suggest("فيتا", "ar")).suggestions)).toEqual(["test: |فيتا|مين د", "category: ال|فيتا|مينات والمعادن"]);
    expect(shown((await suggest("الغده", "ar")).suggestions)).toEqual(["test: اختبار وظائف |الغدة| الدرقية"]);
    // Typed in Latin letters on the Arabic page: the Arabic name, with the English one that matched.
    expect(shown((await suggest("thyro", "ar")).suggestions)).toEqual(["test: اختبار وظائف الغدة الدرقية (|Thyro|id Function Test)"]);
    expect((await suggest("thyro", "ar")).suggestions[0]).toMatchObject({ labelLanguage: "ar", matched: { language: "en" } });
  });

  it("answers a malformed query with the reason, never an error", async () => {
    expect(await suggestFor(new URLSearchParams({ q: "vit", lang: "fr" }))).toEqual({ status: 400, error: "The language (lang) must be en or ar." });
    expect(await suggestFor(new URLSearchParams({ q: "x".repeat(101) }))).toMatchObject({ status: 400 });
    expect(await suggestFor(new URLSearchParams({}))).toMatchObject({ status: 400 });
    expect(await suggestFor(new URLSearchParams({ q: "v\u0000i%_" }))).toEqual({ status: 200, answer: { q: "vi%_", suggestions: [] } });
  });

  it("marks the match at the start of a word, in the original spelling", () => {
    expect(locate("Vitamin D (25-OH)", "d")).toEqual([8, 9]);
    expect(locate("اختبار الغُدَّة", "الغده")).toEqual([7, 15]);
    expect(locate("Lipid", "x")).toBeNull();
  });
});
