import { lastBookableDate } from "~/modules/booking/change-policy";
import { getNow } from "~/modules/slots/clock.server";
import { dubaiDateTime } from "~/modules/slots/schedule";
import { todayInDubai } from "~/utils/dubai-date";
import { getEnv, type Env } from "~/utils/env.server";

/**
 * How far ahead bookings may be made: the BOOKING_HORIZON_DAYS setting and the last day it allows
 * today (Asia/Dubai, by the app's clock). Texts that state the rule (the date pickers' hint, the
 * Terms) read it here, so they say what Book Test, checkout and reschedule enforce.
 */
export function bookingHorizon(now: Date = getNow(), env: Env = getEnv()) {
  const days = env.BOOKING_HORIZON_DAYS;
  return { days, lastDate: lastBookableDate(todayInDubai(now), days) };
}

/** A yyyy-MM-dd date (or a slot's start) within the booking horizon. */
export function withinBookingHorizon(when: string | Date, now: Date = getNow(), env: Env = getEnv()): boolean {
  const date = typeof when === "string" ? when : dubaiDateTime(when).date;
  return date <= bookingHorizon(now, env).lastDate;
}

/** A booking, an order line or a move dated after the booking horizon: nothing was written. */
export class BeyondHorizonError extends Error {}
