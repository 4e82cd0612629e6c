// One i18next instance per language, made once: on the server for each language at start-up, in
// the browser for the page's language before hydration. Keys are the English texts themselves
// (the spec's exact wording), so the English catalogue maps each text to itself and the Arabic
// one sits beside it; a test checks both catalogues have the same keys (i18n/catalogues.test.ts).
import { createInstance, type i18n, type Resource, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "~/i18n/languages";
import type { en } from "~/locales/en";

type Namespace = keyof typeof en;

export const DEFAULT_NAMESPACE = "common";

const made = new Map<Language, i18n>();

export function createI18n(language: Language, resources: Resource): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    resources,
    defaultNS: DEFAULT_NAMESPACE,
    ns: Object.keys(resources.en ?? resources[language] ?? {}),
    // Natural-language keys contain "." and ":".
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    // Resources are given: initialise synchronously, so the first render is translated.
    initAsync: false,
    react: { useSuspense: false },
  });
  made.set(language, instance);
  return instance;
}

/**
 * Translations outside React (route meta functions): the instance made for the language, else the
 * browser's one instance (which holds the page's language).
 */
export function translatorFor<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  const instance = made.get(language) ?? [...made.values()][0];
  if (!instance) throw new Error("i18n is not initialised");
  return instance.getFixedT(language, namespace);
}

/**
 * A message that reaches the page as text (an action's field error or toast, the spec's exact
 * English) in a language, looked up in every namespace; text without a translation is kept.
 */
export function translateMessage(instance: i18n, text: string, language: Language = instance.language as Language): string {
  const namespaces = Object.keys(instance.store.data.en ?? {});
  return instance.t(text as never, { ns: namespaces, lng: language, defaultValue: text }) as string;
}

/** The browser's instance (made in entry.client), for code outside React such as toasts. */
export function browserI18n(): i18n | undefined {
  return [...made.values()][0];
}
