import type { Actor, ActorKind } from "~/modules/lifecycle/order-status";

/**
 * The booking lifecycle's values and rules, client-safe. See
 * docs/decisions/0008-order-and-booking-lifecycle.md. Every change of a booking's status goes
 * through transitionBooking (transition-booking.server.ts), which checks it here.
 */
/**
 * sample_collected: the lab took the sample (the time is bookings.sample_collected_at); no_show:
 * the patient was not there at the booked time and place (marked by the lab after the slot's
 * start; a card payment is treated as a late cancellation, decision 0008).
 */
export const bookingStatuses = ["pending", "confirmed", "completed", "cancelled", "sample_collected", "no_show"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Every booking starts pending (spec: the initial status at checkout and Book Test). */
export const initialBookingStatus = "pending" satisfies BookingStatus;

/** The statuses an admin sets from the bookings screen (spec: any of the three, at any time). */
export const adminBookingStatuses = ["confirmed", "completed", "cancelled"] as const satisfies readonly BookingStatus[];
export type AdminBookingStatus = (typeof adminBookingStatuses)[number];

/** A booking still to happen: the customer may reschedule or cancel it (within change-policy.ts's times). */
export const activeBookingStatuses = ["pending", "confirmed"] as const satisfies readonly BookingStatus[];

export function isActiveBooking(status: BookingStatus) {
  return (activeBookingStatuses as readonly BookingStatus[]).includes(status);
}

/**
 * Who may move a booking from which status to which. An admin may set any of the three admin
 * statuses from any status (the spec shows no restriction); the customer cancels an active
 * booking (its own Cancel, within the times of change-policy.ts, or Cancel Order for the pending
 * bookings of an unpaid order); the system (an order superseded by a newer one) cancels only
 * pending bookings.
 */
export const bookingMoves: Record<ActorKind, { from: readonly BookingStatus[]; to: readonly BookingStatus[] }> = {
  admin: { from: bookingStatuses, to: adminBookingStatuses },
  customer: { from: activeBookingStatuses, to: ["cancelled"] },
  system: { from: ["pending"], to: ["cancelled"] },
  payment: { from: [], to: [] },
  /**
   * A member of the booking's lab (partner portal) works an active booking: confirms it, marks
   * the sample collected or a no-show, or cancels it with a reason (refunded in full). The time
   * rules (no-show after the slot's start, sample from the visit's day) are the portal's.
   */
  lab: { from: activeBookingStatuses, to: ["confirmed", "sample_collected", "no_show", "cancelled"] },
};

/**
 * Why a lab cancels a booking (the portal's choices): kept on the booking and shown to the
 * customer, in English and Arabic (LAB_CANCELLATION_REASON_LABELS).
 */
export const labCancellationReasons = [
  "lab_unavailable",
  "collector_unavailable",
  "test_unavailable",
  "not_clinically_appropriate",
  "patient_request",
] as const;
export type LabCancellationReason = (typeof labCancellationReasons)[number];

export const LAB_CANCELLATION_REASON_LABELS = {
  lab_unavailable: "The lab cannot keep this appointment",
  collector_unavailable: "No sample collector is available at this time",
  test_unavailable: "The test is not available at this lab",
  not_clinically_appropriate: "The test is not clinically appropriate for the patient",
  patient_request: "The patient asked the lab to cancel",
} as const satisfies Record<LabCancellationReason, string>;

/**
 * Releasing a booking's results (issue 28) completes it: the one move a lab makes from
 * sample_collected, made only by the results module's release.
 */
export const LAB_RESULTS_RELEASE_MOVE = { from: "sample_collected", to: "completed" } as const satisfies { from: BookingStatus; to: BookingStatus };

export function canMoveBooking(from: BookingStatus, to: BookingStatus, actor: Pick<Actor, "kind">) {
  if (actor.kind === "lab" && from === LAB_RESULTS_RELEASE_MOVE.from && to === LAB_RESULTS_RELEASE_MOVE.to) return true;
  const allowed = bookingMoves[actor.kind];
  return allowed.from.includes(from) && allowed.to.includes(to);
}
