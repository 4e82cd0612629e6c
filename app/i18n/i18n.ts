// One Lingui instance per language, made once: on the server for each language at start-up, in
// the browser for the page's language before hydration. Keys are the English texts themselves
// (the spec's exact wording): a key without a message is shown as it is, so English needs only the
// texts with variables or plural forms, and the Arabic catalogue sits beside the English one; a
// test checks both catalogues have the same keys (i18n/catalogues.test.ts). Decision 0018.
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Language } from "~/i18n/languages";
import { messageId, textOfMessageId } from "~/i18n/messages";
import type { en } from "~/locales/en";

export type Namespace = keyof typeof en;
type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
type BaseKey<K> = K extends `${infer Base}_${PluralForm}` ? Base : K;
/** The texts of a namespace: its catalogue's keys, plural forms under their base key. */
export type MessageKey<N extends Namespace> = BaseKey<keyof (typeof en)[N] & string>;
export type MessageValues = Record<string, string | number | null | undefined>;
/** Translates a text of namespace N (checked against the English catalogue by tsc). */
export type TFunction<N extends Namespace = "common"> = (key: MessageKey<N>, values?: MessageValues) => string;

const made = new Map<Language, I18n>();

export function createI18n(language: Language, messages: Messages): I18n {
  const instance = setupI18n({ locale: language, messages: { [language]: messages }, missing: (_locale, id) => textOfMessageId(id) });
  made.set(language, instance);
  return instance;
}

/** The namespaces, in the order a text that arrives as data is looked up (translateMessage). */
const NAMESPACES: readonly Namespace[] = ["common", "home", "pages", "catalog", "checkout", "account", "emails", "names", "results"];

/**
 * Texts already translated by each of the server's instances, whose messages never change: a page
 * asks for the same labels and counts on every render (issue 13). Texts whose values are all numbers
 * (counts, page numbers) are kept too, up to a bound; a text with a word among its values (a name,
 * an address) is translated every time and kept nowhere. The browser's instance can load another
 * language (useLanguageSync), so it always asks Lingui.
 */
const translatedOnServer = new WeakMap<I18n, Map<string, string>>();
const MAX_TRANSLATED = 10_000;

/** The key of a text with numeric values, or null when a value is not a number. */
function numericKey(id: string, values: MessageValues): string | null {
  let key = id;
  for (const name in values) {
    const value = values[name];
    if (typeof value !== "number") return null;
    key += `\u0000${name}=${value}`;
  }
  return key;
}

/** t of an instance for one namespace (common when none is given). */
export function namespaceT<N extends Namespace>(instance: I18n, namespace?: N): TFunction<N> {
  const ns = namespace ?? "common";
  if (typeof document !== "undefined") return (key, values) => instance._(messageId(ns, key), values);
  let known = translatedOnServer.get(instance);
  if (!known) translatedOnServer.set(instance, (known = new Map()));
  const texts = known;
  return (key, values) => {
    const id = messageId(ns, key);
    const cacheKey = values === undefined ? id : numericKey(id, values);
    if (cacheKey === null) return instance._(id, values);
    let text = texts.get(cacheKey);
    if (text === undefined) {
      text = instance._(id, values);
      if (texts.size >= MAX_TRANSLATED) texts.clear();
      texts.set(cacheKey, text);
    }
    return text;
  };
}

/**
 * Translations outside React (route meta functions): the instance made for the language, else the
 * browser's one instance (which holds the page's language).
 */
export function translatorFor<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  const instance = made.get(language) ?? [...made.values()][0];
  if (!instance) throw new Error("i18n is not initialised");
  return namespaceT(instance, namespace);
}

/**
 * A message that reaches the page as text (an action's field error or toast, the spec's exact
 * English) in the instance's language; text without a translation is kept.
 */
export function translateMessage(instance: I18n, text: string): string {
  const namespace = NAMESPACES.find((candidate) => instance.messages[messageId(candidate, text)] !== undefined);
  return namespace ? instance._(messageId(namespace, text)) : text;
}

/** The browser's instance (made in entry.client), for code outside React such as toasts. */
export function browserI18n(): I18n | undefined {
  return [...made.values()][0];
}
