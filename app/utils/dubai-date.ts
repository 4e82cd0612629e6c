import { TZDate } from "@date-fns/tz";
import { format, isValid, parse } from "date-fns";

export const BOOKING_TIME_ZONE = "Asia/Dubai";
export const DEFAULT_BOOKING_TIME = "09:00";

/** Today's date in Abu Dhabi as yyyy-MM-dd, whatever the server's or browser's own zone. */
export function todayInDubai(now: Date = new Date()): string {
  return format(new TZDate(now, BOOKING_TIME_ZONE), "yyyy-MM-dd");
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parse(value, "yyyy-MM-dd", new Date()));
}

/** A yyyy-MM-dd date shown to people, e.g. "Tue, 1 Dec 2026". */
export function formatBookingDate(value: string): string {
  return format(parse(value, "yyyy-MM-dd", new Date()), "EEE, d MMM yyyy");
}
