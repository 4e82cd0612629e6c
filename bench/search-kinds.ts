// The searches of issue 30's speed table (bench/search-speed.ts): one word, three words, an Arabic word and a typo.
export const SEARCH_KINDS: { kind: string; urls: string[] }[] = [
  { kind: "one word", urls: ["iron", "thyroid", "ferritin", "cholesterol", "vitamin", "allergy", "hba1c", "lipid"].map((q) => `/search?q=${encodeURIComponent(q)}`) },
  {
    kind: "three words",
    urls: ["vitamin d test", "thyroid function test", "complete blood count", "lipid profile test", "liver function test", "kidney function test"].map(
      (q) => `/search?q=${encodeURIComponent(q)}`,
    ),
  },
  { kind: "Arabic word", urls: ["فيتامين", "الحديد", "الكوليسترول", "الغدة", "السكر", "الدهون"].map((q) => `/ar/search?q=${encodeURIComponent(q)}`) },
  { kind: "typo", urls: ["vitamn d", "cholestrol", "ferritn", "thyriod", "hemoglobn", "magnesuim"].map((q) => `/search?q=${encodeURIComponent(q)}`) },
];
