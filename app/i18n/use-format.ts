import { intlLocaleOf, type Language } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { formatAed } from "~/utils/money";

/** Asia/Dubai, as utils/dubai-date says; not imported from there, which would bring date-fns to every page. */
const BOOKING_TIME_ZONE = "Asia/Dubai";

const dateFormats = new Map<string, Intl.DateTimeFormat>();
// Making an Intl format is costly (a home page showing 30 numbers spent more on that than on its
// translations), so each is made once per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string) {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone: BOOKING_TIME_ZONE, ...options })));
  return format;
}

/**
 * A yyyy-MM-dd calendar date: "Tue, 1 Dec 2026" (the spec's format) or "الثلاثاء، 1 ديسمبر 2026".
 * The English one is put together from its parts: browsers order and punctuate a whole English
 * date differently.
 */
export function formatCalendarDate(value: string, language: Language): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (language !== "en") {
    return dateFormat(intlLocaleOf(language), { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  }
  const parts = Object.fromEntries(
    dateFormat("en-US", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * Prices, dates and numbers in the page's language (Intl, Asia/Dubai). Prices and numbers go in
 * <bdi> where they sit inside text, so they read correctly in right-to-left sentences.
 */
export function useFormat() {
  const language = useLanguage();
  const locale = intlLocaleOf(language);
  return {
    language,
    money: (fils: number) => formatAed(fils, language),
    number: (value: number) => numberFormat(locale).format(value),
    /** A yyyy-MM-dd calendar date in the page's language. */
    calendarDate: (value: string) => formatCalendarDate(value, language),
    /**
     * An instant in Dubai time. `englishLocale` keeps an English page's established format (e.g.
     * en-GB's "24 Nov 2026, 09:30"); Arabic pages always use ar-AE.
     */
    dateTime: (value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }, englishLocale = locale) =>
      dateFormat(language === "en" ? englishLocale : locale, options).format(new Date(value)),
  };
}
