// The catalogues are written in i18next's format and translated at run time by Lingui from the
// ICU messages i18n/messages.ts makes of them. i18next itself (a development dependency) is the
// reference: for every key of every namespace in both languages, given its values and for
// plural counts, Lingui must give exactly i18next's text, markup included.
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/i18n";
import { compiledMessages, icuMessages, messageId } from "~/i18n/messages";
import { ar } from "~/locales/ar";
import { en } from "~/locales/en";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const variables = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]))];

function i18nextT(language: "en" | "ar") {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: "en",
    resources: language === "ar" ? { en, ar } : { en },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (namespace: string, key: string, values?: object) => instance.t(key as never, { ...values, ns: namespace } as never) as unknown as string;
}

const english = compiledMessages(en, { withoutOwnKeys: true });
const lingui = {
  en: createI18n("en", english),
  ar: createI18n("ar", { ...english, ...compiledMessages(ar) }),
};

describe("Lingui's messages", () => {
  for (const language of ["en", "ar"] as const) {
    const reference = i18nextT(language);
    for (const namespace of Object.keys(en) as (keyof typeof en)[]) {
      it(`${language} ${namespace}: the same text as i18next for every key, given its values`, () => {
        // <Trans> turns the numbered tags back into <strong> and <bdi> (i18n/messages.ts MESSAGE_TAGS).
        const t = (key: string, values?: object) =>
          lingui[language]._(messageId(namespace, key), values as never).replace(/<(\/?)([01])>/g, (_tag, close: string, index: string) => `<${close}${["strong", "bdi"][Number(index)]}>`);
        const keys = [...new Set(Object.keys(en[namespace]).map((key) => key.replace(PLURAL_SUFFIX, "")))];
        for (const key of keys) {
          const plural = `${key}_other` in en[namespace];
          const values = Object.fromEntries(variables(plural ? (en[namespace] as Record<string, string>)[`${key}_other`] + key : key).map((name) => [name, `<${name}>`]));
          // A text with variables is always given its values (i18next would leave {{name}}, Lingui nothing).
          if (!plural && variables(key).length === 0) expect(t(key), key).toBe(reference(namespace, key));
          for (const count of plural ? [0, 1, 2, 3, 11, 100, 1000] : [undefined]) {
            const options = count === undefined ? values : { ...values, count };
            expect(t(key, options), `${key} ${JSON.stringify(options)}`).toBe(reference(namespace, key, options));
          }
        }
      });
    }
  }

  it("keep ICU's special characters literal and number the markup", () => {
    expect(icuMessages({ "It's {{n}} {braces} #": "It's {{n}} {braces} #" })["It's {{n}} {braces} #"]).toBe("It''s {n} '{'braces'}' #");
    expect(icuMessages({ "<strong><bdi>{{x}}</bdi></strong>": "<strong><bdi>{{x}}</bdi></strong>" })["<strong><bdi>{{x}}</bdi></strong>"]).toBe("<0><1>{x}</1></0>");
    expect(icuMessages({ "{{count}} #_one": "# one", "{{count}} #_other": "{{count}} #" })["{{count}} #"]).toBe("{count, plural, one {'#' one} other {{count} '#'}}");
  });

  it("answer a text that has no message with the text itself", () => {
    expect(lingui.ar._(messageId("common", "No such text"))).toBe("No such text");
  });
});
