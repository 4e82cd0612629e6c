import { format, isValid, parse } from "date-fns";

export const BOOKING_TIME_ZONE = "Asia/Dubai";
export const DEFAULT_BOOKING_TIME = "09:00";
/**
 * Asia/Dubai is UTC+4 all year (no daylight saving), so its local times are a fixed shift of UTC:
 * the hot paths (slot times, "today") use it instead of a time-zone conversion per date.
 */
export const DUBAI_OFFSET_MS = 4 * 3_600_000;

/** Today's date in Abu Dhabi as yyyy-MM-dd, whatever the server's or browser's own zone. */
export function todayInDubai(now: Date = new Date()): string {
  return new Date(now.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parse(value, "yyyy-MM-dd", new Date()));
}

/** A yyyy-MM-dd date shown to people, e.g. "Tue, 1 Dec 2026". */
export function formatBookingDate(value: string): string {
  return format(parse(value, "yyyy-MM-dd", new Date()), "EEE, d MMM yyyy");
}
