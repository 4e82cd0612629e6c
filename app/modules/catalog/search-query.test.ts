import { describe, expect, it } from "vitest";
import { isCptCode, isStopWord, normaliseQuery, termKey, wordKey, wordRuns } from "~/modules/catalog/search-query";

describe("how a search query is read", () => {
  it("gives queries that mean the same one normal form (the key search results may be cached under)", () => {
    expect(normaliseQuery("  Vitamin-D  ")).toBe("vitamin d");
    expect(normaliseQuery("VITAMIN d")).toBe("vitamin d");
    expect(normaliseQuery("hs-CRP (High)")).toBe("hs crp high");
    expect(normaliseQuery("Men's  health")).toBe("mens health");
    expect(normaliseQuery("U&E")).toBe("u&e");
    // Full-width letters and Arabic presentation forms, alef forms, diacritics, Arabic-Indic digits.
    expect(normaliseQuery("ＴＳＨ")).toBe("tsh");
    expect(normaliseQuery("فَحْصُ السُّكَّر")).toBe("فحص السكر");
    expect(normaliseQuery("إختبار ٨٣٠٣٦")).toBe("اختبار 83036");
    expect(normaliseQuery("%_\\'")).toBe("");
    expect(normaliseQuery("a".repeat(500))).toHaveLength(200);
  });

  it("compares words without plurals or the Arabic article", () => {
    expect(wordKey("levels")).toBe("level");
    expect(wordKey("allergies")).toBe("allergy");
    expect(wordKey("glucose")).toBe("glucose");
    expect(wordKey("analysis")).toBe("analysis");
    expect(wordKey("السكر")).toBe("سكر");
    expect(wordKey("للغده")).toBe("غده");
    expect(wordKey("الم")).toBe("الم");
    expect(wordKey("b12")).toBe("b12");
  });

  it("finds a term however it is spaced or spelt in the query", () => {
    expect(termKey("Sugar Levels")).toBe("sugarlevel");
    expect(termKey("U & E")).toBe(termKey("u&e"));
    expect(termKey("فحص السكر")).toBe("فحصسكر");
    expect(wordRuns(["blood", "sugar", "test"]).map((run) => run.key)).toEqual(["blood", "bloodsugar", "bloodsugartest", "sugar", "sugartest", "test"]);
  });

  it("knows the words that only say a test is wanted, and CPT codes", () => {
    expect(["test", "tests", "level", "فحص", "تحليل", "الفحص", "tahleel"].every(isStopWord)).toBe(true);
    expect(["sugar", "blood", "vitamin"].some(isStopWord)).toBe(false);
    expect(isCptCode("83036")).toBe(true);
    expect(isCptCode("0001u")).toBe(true);
    expect(isCptCode("8303")).toBe(false);
  });
});
