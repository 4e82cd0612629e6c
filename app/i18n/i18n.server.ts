// The server's two Lingui instances, made once; a request picks one by its address's language.
import { createI18n, namespaceT, type Namespace, type TFunction } from "~/i18n/i18n";
import { languageOfPath, type Language } from "~/i18n/languages";
import { compiledMessages } from "~/i18n/messages";
import { ar } from "~/locales/ar";
import { en } from "~/locales/en";

const english = compiledMessages(en, { withoutOwnKeys: true });
// A text missing in Arabic falls back to English (the catalogue test keeps that from happening).
const instances = { en: createI18n("en", english), ar: createI18n("ar", { ...english, ...compiledMessages(ar) }) };

export function i18nFor(language: Language) {
  return instances[language];
}

/** The language of a request: its address's (/ar/... is Arabic). */
export function languageOfRequest(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** Translations for server code (page titles, e-mails): t in a language and namespace. */
export function serverT<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  return namespaceT(instances[language], namespace);
}
