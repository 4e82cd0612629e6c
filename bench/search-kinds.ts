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

// The texts typed into the search boxes that bench/search-speed.ts and bench/side-by-side.ts ask /api/suggest for.
export const SUGGEST_URLS = [
  ...["vi", "vit", "vitam", "vitamin d", "thy", "thyro", "chol", "ferr", "iron", "hba", "lip", "liver", "kidn", "allerg"].map((q) => `/api/suggest?q=${encodeURIComponent(q)}&lang=en`),
  ...["فيت", "فيتامين", "الحد", "الغده", "كولي", "السكر"].map((q) => `/api/suggest?q=${encodeURIComponent(q)}&lang=ar`),
];
