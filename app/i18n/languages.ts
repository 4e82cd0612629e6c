// The site's languages. English keeps the original addresses; Arabic lives under /ar. Shared by
// server and browser code, so nothing here may import server modules.
export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The visitor's chosen language, set by the language switcher; it never redirects. */
export const LANGUAGE_COOKIE = "lang";
/** Set when the visitor dismisses the "this site is in Arabic" suggestion. */
export const LANGUAGE_SUGGESTION_COOKIE = "lang_suggestion";

const ARABIC_PREFIX = "/ar";

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "ar";
}

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/**
 * The Intl locale of a language. Arabic uses the UAE's convention of Latin digits (as ar-AE
 * formats by default in current ICU); -u-nu-latn pins it where an older ICU picks Arabic-Indic.
 */
export function intlLocaleOf(language: Language): string {
  return language === "ar" ? "ar-AE-u-nu-latn" : "en-AE";
}

const collators = new Map<Language, Intl.Collator>();

/**
 * Alphabetical order in a language, for sort(). One Intl.Collator per language: localeCompare with
 * a locale makes a new one on every call, which showed in the server's profile.
 */
export function textOrder(language: Language): (a: string, b: string) => number {
  let collator = collators.get(language);
  if (!collator) collators.set(language, (collator = new Intl.Collator(language)));
  return collator.compare;
}

/** The language of a site path: /ar and /ar/... are Arabic, everything else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === ARABIC_PREFIX || pathname.startsWith(`${ARABIC_PREFIX}/`) ? "ar" : "en";
}

/** The English path of any site path: /ar/search -> /search, /ar -> /. */
export function pathWithoutLanguage(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  return pathname.slice(ARABIC_PREFIX.length) || "/";
}

/** Paths that exist once, in English only: the admin area, APIs, feeds and files. */
const UNTRANSLATED = /^\/(admin|partner|api|auth\/sign-out|demo-checkout|sitemap\.xml|robots\.txt|rss\.xml|indexnow-key\.txt|healthz|readyz|language)(\/|$|\?)/;

/** Whether a site path has an Arabic twin (the customer pages do; admin, APIs and files do not). */
export function isTranslatedPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !UNTRANSLATED.test(pathWithoutLanguage(path.replace(/[?#].*$/, "")));
}

/**
 * A site path (with its query and hash) in a language: ("/search?q=x", "ar") -> "/ar/search?q=x".
 * Anything that is not a site path (another site, "//host", "#top") is returned as it is.
 */
export function localizePath(path: string, language: Language): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const english = pathWithoutLanguage(path.replace(/[?#].*$/, "")) + (path.match(/[?#].*$/)?.[0] ?? "");
  if (language === "en" || UNTRANSLATED.test(english)) return english;
  return english === "/" ? ARABIC_PREFIX : english.startsWith("/?") || english.startsWith("/#") ? `${ARABIC_PREFIX}${english.slice(1)}` : `${ARABIC_PREFIX}${english}`;
}
