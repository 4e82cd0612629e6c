import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { formatResultHours } from "~/modules/catalog/lab-comparison";
import type { BookingFacts } from "~/modules/notifications/message-facts";
import { BOOKING_TIME_ZONE } from "~/utils/dubai-date";

/** The VAT inside a VAT-inclusive total: total × 5/105, rounded to the fils. */
export function vatIncludedFils(totalFils: number) {
  return Math.round((totalFils * 5) / 105);
}

/** "Tue, 24 Nov 2026" in Abu Dhabi. */
export function visitDate(start: Date) {
  return format(new TZDate(start, BOOKING_TIME_ZONE), "EEE, d MMM yyyy");
}

/** "09:00" in Abu Dhabi. */
export function visitTime(start: Date) {
  return format(new TZDate(start, BOOKING_TIME_ZONE), "HH:mm");
}

/** "Tue, 24 Nov 2026 at 09:00". */
export function visitWhen(start: Date) {
  return `${visitDate(start)} at ${visitTime(start)}`;
}

/** Where the sample is taken: the home address for a home visit, else the lab and its address. */
export function visitWhere(booking: Pick<BookingFacts, "collectionType" | "homeAddress" | "homeArea" | "labName" | "labAddress">) {
  if (booking.collectionType === "home") {
    return [booking.homeAddress, booking.homeArea].filter(Boolean).join(", ") || "Your address";
  }
  return [booking.labName, booking.labAddress].filter(Boolean).join(", ") || "The lab will confirm the address";
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
export function resultsReady(booking: Pick<BookingFacts, "resultHours" | "resultTime">) {
  if (booking.resultHours !== null) return `in ${formatResultHours(booking.resultHours)}`;
  const text = booking.resultTime?.trim();
  if (text && /same[- ]day/i.test(text)) return "the same day";
  return `in ${text ? text.toLowerCase() : "24-48 hours"}`;
}
