import type { Messages } from "@lingui/core";
import type { Language } from "~/i18n/languages";
import { en } from "~/locales/en";

/** A language's catalogues as they reach the browser (compiled, ids namespaced: vite.config.ts), merged. */
function merged(catalogues: object): Messages {
  return Object.assign({}, ...Object.values(catalogues)) as Messages;
}

/**
 * The browser's messages for a language: English is in the bundle; Arabic, laid over it, is one
 * chunk fetched when an Arabic page needs it.
 */
export async function browserMessagesFor(language: Language): Promise<Messages> {
  const english = merged(en);
  return language === "ar" ? { ...english, ...merged((await import("~/locales/ar/site")).arSite) } : english;
}
