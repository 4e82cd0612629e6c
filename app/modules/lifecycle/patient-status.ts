import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import { orderIsOpen, type OrderStatus, type PaymentStatus } from "~/modules/lifecycle/order-status";

/**
 * The one place patients' words for statuses come from (issue 26, decision 0052): a booking's
 * lifecycle status as a patient understands it, and an order's status read from its bookings, so
 * that an order and its bookings never say different things on one screen. Client-safe; the
 * texts are keys of the "account" catalogue.
 */
export const BOOKING_STATUS_WORDS = {
  pending: "Booked, awaiting lab confirmation",
  confirmed: "Confirmed by the lab",
  sample_collected: "Sample collected, awaiting results",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "Missed appointment",
} as const satisfies Record<BookingStatus, string>;

export type PatientStatusWords = (typeof BOOKING_STATUS_WORDS)[BookingStatus] | (typeof ORDER_ONLY_WORDS)[keyof typeof ORDER_ONLY_WORDS];

const ORDER_ONLY_WORDS = {
  awaitingCard: "Awaiting card payment",
  paymentFailed: "Card payment failed",
  expired: "Expired",
} as const;

/** A booking's status in a patient's words, e.g. "Booked, awaiting lab confirmation". */
export function bookingStatusWords(status: BookingStatus): PatientStatusWords {
  return BOOKING_STATUS_WORDS[status];
}

/** Earliest stage first: an order is as far as its least advanced active booking. */
const STAGES: readonly BookingStatus[] = ["pending", "confirmed", "sample_collected", "completed", "no_show", "cancelled"];

/**
 * An order's status in a patient's words, from its own state and its bookings' statuses:
 * cancelled or expired orders say so; a card order not yet paid awaits its payment (or says it
 * failed); otherwise the order reads as its least advanced booking (a booking still pending makes
 * the order "Booked, awaiting lab confirmation", whatever the order row says), so the two agree.
 */
export function orderStatusWords(
  order: { paymentMethod: string; paymentStatus: PaymentStatus; orderStatus: OrderStatus },
  bookingStatuses: readonly BookingStatus[],
): PatientStatusWords {
  if (order.orderStatus === "cancelled") return BOOKING_STATUS_WORDS.cancelled;
  if (order.orderStatus === "expired") return ORDER_ONLY_WORDS.expired;
  if (order.paymentMethod === "stripe" && order.paymentStatus === "failed") return ORDER_ONLY_WORDS.paymentFailed;
  if (order.paymentMethod === "stripe" && order.paymentStatus === "pending") return ORDER_ONLY_WORDS.awaitingCard;
  const live: readonly BookingStatus[] = bookingStatuses.filter((status) => status !== "cancelled");
  if (bookingStatuses.length > 0 && live.length === 0) return BOOKING_STATUS_WORDS.cancelled;
  const stage = STAGES.find((candidate) => live.includes(candidate));
  if (stage) return BOOKING_STATUS_WORDS[stage];
  return order.orderStatus === "completed" ? BOOKING_STATUS_WORDS.completed : order.orderStatus === "confirmed" ? BOOKING_STATUS_WORDS.confirmed : BOOKING_STATUS_WORDS.pending;
}

/** Whether Resume Order is offered: an open card order not paid yet. A placed cash-on-delivery order is paid at the visit, so it is not resumed (issue 26). */
export function canResumeOrder(order: { paymentMethod: string; paymentStatus: string; orderStatus: string }) {
  return order.paymentMethod === "stripe" && orderIsOpen(order);
}

/** How an order is paid, in a patient's words. */
export function paymentWords(order: { paymentMethod: string; paymentStatus: PaymentStatus }) {
  if (order.paymentStatus === "paid") return "Paid by card" as const;
  if (order.paymentStatus === "refunded") return "Refunded" as const;
  return order.paymentMethod === "stripe" ? ("Card payment pending" as const) : ("Pay at the visit (cash)" as const);
}
