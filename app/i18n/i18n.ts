// Translations: one instance per language, made once: on the server for each language at start-up,
// in the browser for the page's language before hydration. Keys are the English texts themselves
// (the spec's exact wording), so the English catalogue maps each text to itself and the Arabic
// one sits beside it; a test checks both catalogues have the same keys (i18n/catalogues.test.ts).
// Hand-written (decision 0017): the site uses only lookup, {{name}} interpolation and plurals,
// which i18next with react-i18next shipped at 16 KB gzipped on every page.
import type { Language } from "~/i18n/languages";
import type { en } from "~/locales/en";

export type Namespace = keyof typeof en;
export type Catalogue = Partial<Record<Namespace, Record<string, string>>>;
export type Resources = Partial<Record<Language, Catalogue>>;

type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
type WithoutPluralForm<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
/** The keys of a namespace: its English texts, a plural entry by its text without `_one`/`_other`. */
export type TKey<N extends Namespace> = WithoutPluralForm<Extract<keyof (typeof en)[N], string>>;
/** A number `count` picks the plural form; every value fills the `{{name}}` of the same name. */
export type TOptions = { count?: number | string; defaultValue?: string; [name: string]: unknown };
export type TFunction<N extends Namespace = "common"> = (key: TKey<N>, options?: TOptions) => string;

export const DEFAULT_NAMESPACE = "common";

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralForm(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

export function interpolate(text: string, values: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

export class I18n {
  language: Language;
  private readonly resources: Resources;
  private readonly listeners = new Set<() => void>();

  constructor(language: Language, resources: Resources) {
    this.language = language;
    this.resources = resources;
  }

  /**
   * The text of `key` in the language, else in English, looked up in the namespaces in order, with
   * its plural form picked by `count`; a key without an entry is its own English text.
   */
  translate(language: Language, namespaces: readonly Namespace[], key: string, options: TOptions = {}): string {
    const count = typeof options.count === "number" ? options.count : null;
    for (const code of language === "en" ? (["en"] as const) : [language, "en" as const]) {
      for (const namespace of namespaces) {
        const entries = this.resources[code]?.[namespace];
        if (!entries) continue;
        const text = (count === null ? "" : entries[`${key}_${pluralForm(code, count)}`] || entries[`${key}_other`]) || entries[key];
        if (text) return interpolate(text, options);
      }
    }
    return interpolate(options.defaultValue ?? key, options);
  }

  getFixedT<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
    const namespaces = [namespace];
    return (key, options) => this.translate(language, namespaces, key, options);
  }

  /** Every namespace the instance holds (its English ones). */
  namespaces(): Namespace[] {
    return Object.keys(this.resources.en ?? {}) as Namespace[];
  }

  hasLanguage(language: Language): boolean {
    return Boolean(this.resources[language]);
  }

  addLanguage(language: Language, catalogue: Catalogue) {
    this.resources[language] = catalogue;
  }

  changeLanguage(language: Language) {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const made = new Map<Language, I18n>();

export function createI18n(language: Language, resources: Resources): I18n {
  const instance = new I18n(language, resources);
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
export function translateMessage(instance: I18n, text: string, language: Language = instance.language): string {
  return instance.translate(language, instance.namespaces(), text, { defaultValue: text });
}

/** The browser's instance (made in entry.client), for code outside React such as toasts. */
export function browserI18n(): I18n | undefined {
  return [...made.values()][0];
}
