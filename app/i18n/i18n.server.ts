// The server's two i18next instances, made once; a request picks one by its address's language.
import type { TFunction } from "i18next";
import { createI18n } from "~/i18n/i18n";
import { languageOfPath, type Language } from "~/i18n/languages";
import { ar } from "~/locales/ar";
import { en } from "~/locales/en";

const instances = { en: createI18n("en", { en }), ar: createI18n("ar", { en, ar }) };

export function i18nFor(language: Language) {
  return instances[language];
}

/** The language of a request: its address's (/ar/... is Arabic). */
export function languageOfRequest(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** Translations for server code (page titles, e-mails): t in a language and namespace. */
export function serverT<N extends keyof typeof en>(language: Language, namespace: N): TFunction<N> {
  return instances[language].getFixedT(language, namespace);
}
