// Both catalogues must hold the same texts: a key missing in either language fails here. (Keys used
// in code but missing from the English catalogue fail the type check: t is typed with it, i18n/i18n.ts.)
import { describe, expect, it } from "vitest";
import { ar } from "~/locales/ar";
import { en } from "~/locales/en";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const ARABIC_PLURALS = ["zero", "one", "two", "few", "many", "other"];
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();
const baseKeys = (catalogue: Record<string, string>) => [...new Set(Object.keys(catalogue).map((key) => key.replace(PLURAL_SUFFIX, "")))].sort();

describe("message catalogues", () => {
  it("have the same namespaces in English and Arabic", () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  for (const namespace of Object.keys(en) as (keyof typeof en)[]) {
    const english: Record<string, string> = en[namespace];
    const arabic: Record<string, string> = ar[namespace] ?? {};

    it(`${namespace}: every English text has its Arabic translation, and no Arabic text is left over`, () => {
      expect(baseKeys(arabic)).toEqual(baseKeys(english));
    });

    it(`${namespace}: English values are the keys themselves (the spec's wording), plurals aside`, () => {
      for (const [key, value] of Object.entries(english)) if (!PLURAL_SUFFIX.test(key)) expect(value, key).toBe(key);
    });

    it(`${namespace}: every Arabic text is written, keeps the English one's variables, and has all six plural forms`, () => {
      for (const [key, value] of Object.entries(arabic)) {
        expect(value.trim(), key).not.toBe("");
        const englishValue = english[key] ?? english[key.replace(PLURAL_SUFFIX, "_other")] ?? key.replace(PLURAL_SUFFIX, "");
        // A plural form may spell a number out ("عنصران") instead of {{count}} (or {{formatted}}, the count formatted).
        const counted = (name: string) => name !== "count" && !(PLURAL_SUFFIX.test(key) && name === "formatted");
        expect(variables(value).filter(counted), key).toEqual(variables(englishValue).filter(counted));
      }
      for (const base of baseKeys(english).filter((key) => `${key}_other` in english)) {
        for (const form of ARABIC_PLURALS) expect(arabic, `${base}_${form}`).toHaveProperty([`${base}_${form}`]);
      }
    });
  }
});
