import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { TFunction } from "~/i18n/i18n";
import { serverT } from "~/i18n/i18n.server";
import { localizePath, type Language } from "~/i18n/languages";
import { formatCalendarDate } from "~/i18n/use-format";
import { formatResultHours } from "~/modules/catalog/lab-comparison";
import { resultTimeWords } from "~/modules/catalog/result-time-format";
import { resultTimeParts } from "~/modules/catalog/result-time";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { BOOKING_TIME_ZONE } from "~/utils/dubai-date";

/** The e-mails' texts in the customer's language (namespace "emails"; the keys are the English). */
export const mailT = (language: Language): TFunction<"emails"> => serverT(language, "emails");

/** A page of the site in the customer's language: `${siteUrl}/ar/dashboard` for Arabic. */
export const siteLink = (siteUrl: string, path: string, language: Language) =>
  path === "/" && language === "en" ? siteUrl : `${siteUrl}${localizePath(path, language)}`;

/** "Tue, 24 Nov 2026" in Abu Dhabi ("الثلاثاء، 24 نوفمبر 2026" in Arabic). */
export function visitDate(start: Date, language: Language = "en") {
  const date = format(new TZDate(start, BOOKING_TIME_ZONE), "yyyy-MM-dd");
  return language === "en" ? format(new TZDate(start, BOOKING_TIME_ZONE), "EEE, d MMM yyyy") : formatCalendarDate(date, language);
}

/** "09:00" in Abu Dhabi. */
export function visitTime(start: Date) {
  return format(new TZDate(start, BOOKING_TIME_ZONE), "HH:mm");
}

/** "Tue, 24 Nov 2026 at 09:00". */
export function visitWhen(start: Date, language: Language = "en") {
  return mailT(language)("{{date}} at {{time}}", { date: visitDate(start, language), time: visitTime(start) });
}

/** Where the sample is taken: the home address for a home visit, else the lab and its address. */
export function visitWhere(
  booking: Pick<BookingFacts, "collectionType" | "homeAddress" | "homeArea" | "labName" | "labAddress">,
  language: Language = "en",
) {
  const t = mailT(language);
  const comma = language === "ar" ? "، " : ", ";
  if (booking.collectionType === "home") {
    return [booking.homeAddress, booking.homeArea].filter(Boolean).join(comma) || t("Your address");
  }
  return [booking.labName, booking.labAddress].filter(Boolean).join(comma) || t("The lab will confirm the address");
}

/** The calendar LOCATION: the address only (a calendar turns it into a map link). */
export function calendarLocation(booking: Pick<BookingFacts, "collectionType" | "homeAddress" | "homeArea" | "labName" | "labAddress">) {
  if (booking.collectionType === "home") return [booking.homeAddress, booking.homeArea].filter(Boolean).join(", ") || null;
  return [booking.labName, booking.labAddress].filter(Boolean).join(", ") || null;
}

/**
 * The end of "your results will be ready ...": the lab's result time for the test when it gave
 * one, else the test's own ("24-48 hours"; "Same day"), else the catalogue's default.
 */
export function resultsReady(booking: Pick<BookingFacts, "resultHours" | "resultTime">, language: Language = "en") {
  const t = mailT(language);
  if (booking.resultHours !== null) {
    const hours = booking.resultHours;
    if (language === "en") return `in ${formatResultHours(hours)}`;
    const words = resultTimeWords(hours);
    return words.unit === "days" ? t("in {{count}} days", { count: words.from }) : t("in {{count}} hours", { count: words.from });
  }
  const text = booking.resultTime?.trim();
  if (text && /same[- ]day/i.test(text)) return t("the same day");
  if (language === "en") return `in ${text ? text.toLowerCase() : "24-48 hours"}`;
  const parts = resultTimeParts(text || "24-48 hours");
  if (!parts || parts === "same-day") return t("in {{time}}", { time: text ?? "" });
  const time = { hours: t("{{range}} hours", { range: parts.range }), days: t("{{range}} days", { range: parts.range }), weeks: t("{{range}} weeks", { range: parts.range }) };
  return t("in {{time}}", { time: time[parts.unit] });
}
