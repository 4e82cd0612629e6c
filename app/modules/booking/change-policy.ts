import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import { formatAed } from "~/utils/money";

/**
 * The site's rules for a customer's own changes to a booking (FAQ "Can I reschedule or cancel my
 * appointment?" and Terms section 6), client-safe: the dashboard shows what the server will do
 * with the same functions. See docs/decisions/0013-booking-changes.md.
 */

// The policy's numbers and their sentences live in lifecycle/cancellation-policy.ts (decision 0053).
import { CHANGE_CUTOFF_MINUTES, FREE_CANCELLATION_HOURS, SUPPORT_PHONE } from "~/modules/lifecycle/cancellation-policy";
export { CHANGE_CUTOFF_MINUTES, FREE_CANCELLATION_HOURS, SUPPORT_PHONE };
export { changePolicyFacts, type ChangePolicyFacts } from "~/modules/lifecycle/cancellation-policy";

/**
 * The last day a booking may be made or moved to: `horizonDays` after `today` (Asia/Dubai
 * yyyy-MM-dd dates). The horizon is the BOOKING_HORIZON_DAYS setting (default 90), read on the
 * server by bookingHorizon() (booking-horizon.server.ts) and passed to the pages.
 */
export function lastBookableDate(today: string, horizonDays: number): string {
  const [year, month, day] = today.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + horizonDays)).toISOString().slice(0, 10);
}

export const BEYOND_HORIZON_MESSAGE = "This date is too far ahead. Please choose an earlier date.";

/**
 * free: more than 24 hours ahead (cancelling refunds in full); late: 24 hours to 2 hours ahead (a
 * late-cancellation fee applies); closed: less than 2 hours ahead, or already started.
 */
export type ChangeWindow = "free" | "late" | "closed";

export function changeWindow(slotStart: Date, now: Date): ChangeWindow {
  const ahead = slotStart.getTime() - now.getTime();
  if (ahead > FREE_CANCELLATION_HOURS * 3_600_000) return "free";
  if (ahead >= CHANGE_CUTOFF_MINUTES * 60_000) return "late";
  return "closed";
}

/** How the booking was paid for: by card (refundable), or nothing charged yet (cash on delivery, Book Test). */
export type BookingPayment = "card" | "unpaid";

export const TOO_LATE_MESSAGE = `Bookings can be changed or cancelled online up to 2 hours before the appointment. Please call us on ${SUPPORT_PHONE}.`;

const notActiveMessage: Partial<Record<BookingStatus, string>> = {
  cancelled: "This booking is already cancelled.",
  completed: "This booking is completed.",
  sample_collected: "The sample has been collected.",
  no_show: "This booking was marked as a no-show.",
};

/** Why a booking cannot be changed at all, or null when it can (before the money is looked at). */
export function changeRefusal(booking: { status: BookingStatus; slotStart: Date }, now: Date): string | null {
  const refusal = notActiveMessage[booking.status];
  if (refusal) return refusal;
  return changeWindow(booking.slotStart, now) === "closed" ? TOO_LATE_MESSAGE : null;
}

export type CancellationTerms =
  | { allowed: true; window: Exclude<ChangeWindow, "closed">; refundFils: number; feeFils: number; reason: null }
  | { allowed: false; window: ChangeWindow; refundFils: 0; feeFils: 0; reason: string };

/** The late-cancellation fee of an amount paid, rounded to whole fils. */
export function lateCancellationFee(paidFils: number, feePercent: number) {
  return Math.round((paidFils * feePercent) / 100);
}

/**
 * What cancelling would do now: a card booking gets back what was paid for it (its price times
 * its units, plus its home-collection visit's fee when it is the visit's last active booking),
 * less the late-cancellation fee inside 24 hours; nothing was charged for an unpaid one, so
 * nothing is refunded and no fee is kept.
 */
export function cancellationTerms(input: {
  status: BookingStatus;
  slotStart: Date;
  now: Date;
  payment: BookingPayment;
  paidFils: number;
  feePercent: number;
}): CancellationTerms {
  const window = changeWindow(input.slotStart, input.now);
  const refusal = changeRefusal(input, input.now);
  if (refusal || window === "closed") return { allowed: false, window, refundFils: 0, feeFils: 0, reason: refusal ?? TOO_LATE_MESSAGE };
  if (input.payment === "unpaid") return { allowed: true, window, refundFils: 0, feeFils: 0, reason: null };
  const feeFils = window === "late" ? lateCancellationFee(input.paidFils, input.feePercent) : 0;
  return { allowed: true, window, refundFils: input.paidFils - feeFils, feeFils, reason: null };
}

export type RescheduleTerms =
  | { allowed: true; differenceFils: number; refundFils: number; reason: null }
  | { allowed: false; differenceFils: number; refundFils: 0; reason: string };

/**
 * What moving to a lab at `newTotalFils` (price times units) does to a booking that costs
 * `currentTotalFils`: the same or a lower price is fine (a card payment gets the difference back);
 * a higher one is added to what is due at collection, but a card payment cannot be topped up.
 */
export function rescheduleTerms(input: { payment: BookingPayment; currentTotalFils: number; newTotalFils: number }): RescheduleTerms {
  const differenceFils = input.newTotalFils - input.currentTotalFils;
  if (differenceFils > 0 && input.payment === "card") {
    return {
      allowed: false,
      differenceFils,
      refundFils: 0,
      reason: `This lab costs ${formatAed(differenceFils)} more. A card payment cannot be topped up: cancel and book again to choose this lab.`,
    };
  }
  return { allowed: true, differenceFils, refundFils: input.payment === "card" && differenceFils < 0 ? -differenceFils : 0, reason: null };
}
