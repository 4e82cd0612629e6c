import { describe, expect, it } from "vitest";
import { isTranslatedPath, languageOfPath, localizePath, pathWithoutLanguage } from "~/i18n/languages";
import { prefersArabic } from "~/i18n/language-suggestion";

describe("language addresses", () => {
  it("reads the language from the path: /ar and /ar/... only", () => {
    expect(languageOfPath("/ar")).toBe("ar");
    expect(languageOfPath("/ar/search")).toBe("ar");
    expect(languageOfPath("/arabic-tests")).toBe("en");
    expect(languageOfPath("/")).toBe("en");
  });

  it("puts site paths in a language, keeping query and hash, and leaves other addresses alone", () => {
    expect(localizePath("/", "ar")).toBe("/ar");
    expect(localizePath("/search?q=vitamin#results", "ar")).toBe("/ar/search?q=vitamin#results");
    expect(localizePath("/?q=x", "ar")).toBe("/ar?q=x");
    expect(localizePath("/ar/search?q=x", "ar")).toBe("/ar/search?q=x");
    expect(localizePath("/ar/search?q=x", "en")).toBe("/search?q=x");
    expect(localizePath("/ar", "en")).toBe("/");
    expect(localizePath("/admin/tests", "ar")).toBe("/admin/tests");
    expect(localizePath("/api/cart", "ar")).toBe("/api/cart");
    expect(localizePath("https://wa.me/1", "ar")).toBe("https://wa.me/1");
    expect(localizePath("//evil.example/x", "ar")).toBe("//evil.example/x");
    expect(localizePath("#how-it-works", "ar")).toBe("#how-it-works");
    expect(pathWithoutLanguage("/ar/product/cbc")).toBe("/product/cbc");
  });

  it("knows which paths have an Arabic twin", () => {
    expect(isTranslatedPath("/product/cbc")).toBe(true);
    expect(isTranslatedPath("/ar/labs")).toBe(true);
    expect(isTranslatedPath("/admin")).toBe(false);
    expect(isTranslatedPath("/sitemap.xml")).toBe(false);
  });

  it("suggests Arabic only when the browser ranks Arabic before English", () => {
    expect(prefersArabic(["ar-AE", "en-US"])).toBe(true);
    expect(prefersArabic(["ar"])).toBe(true);
    expect(prefersArabic(["en-GB", "ar"])).toBe(false);
    expect(prefersArabic(["fr-FR"])).toBe(false);
  });
});

describe("calendar dates", () => {
  it("read as the spec writes them in English, whatever the month, and in Arabic with Latin digits", async () => {
    const { formatCalendarDate } = await import("~/i18n/use-format");
    const { formatBookingDate } = await import("~/utils/dubai-date");
    for (const day of ["2026-01-05", "2026-06-30", "2026-09-01", "2026-12-25"]) expect(formatCalendarDate(day, "en")).toBe(formatBookingDate(day));
    expect(formatCalendarDate("2026-12-01", "ar")).toBe("الثلاثاء، 1 ديسمبر 2026");
  });
});
