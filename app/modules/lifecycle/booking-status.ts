import type { Actor, ActorKind } from "~/modules/lifecycle/order-status";

/**
 * The booking lifecycle's values and rules, client-safe. See
 * docs/decisions/0008-order-and-booking-lifecycle.md. Every change of a booking's status goes
 * through transitionBooking (transition-booking.server.ts), which checks it here.
 */
export const bookingStatuses = ["pending", "confirmed", "completed", "cancelled"] as const;
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
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus, actor: Pick<Actor, "kind">) {
  const allowed = bookingMoves[actor.kind];
  return allowed.from.includes(from) && allowed.to.includes(to);
}
