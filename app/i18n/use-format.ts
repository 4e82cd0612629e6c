import { intlLocaleOf } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { BOOKING_TIME_ZONE, formatBookingDate } from "~/utils/dubai-date";
import { formatAed } from "~/utils/money";

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone: BOOKING_TIME_ZONE, ...options })));
  return format;
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
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
    /**
     * A yyyy-MM-dd calendar date: "Tue, 1 Dec 2026" (the spec's format, the same in every
     * browser) or "الثلاثاء، 1 ديسمبر 2026".
     */
    calendarDate: (value: string) =>
      language === "en"
        ? formatBookingDate(value)
        : dateFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`)),
    /** An instant in Dubai time. */
    dateTime: (value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }) =>
      dateFormat(locale, options).format(new Date(value)),
  };
}
