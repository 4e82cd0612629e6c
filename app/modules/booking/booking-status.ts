import type { Actor, ActorKind } from "~/modules/orders/order-status";

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

/**
 * Who may move a booking from which status to which. An admin may set any of the three admin
 * statuses from any status (the spec shows no restriction); the customer's Cancel Order and the
 * system (an order superseded by a newer one) cancel only pending bookings.
 */
export const bookingMoves: Record<ActorKind, { from: readonly BookingStatus[]; to: readonly BookingStatus[] }> = {
  admin: { from: bookingStatuses, to: adminBookingStatuses },
  customer: { from: ["pending"], to: ["cancelled"] },
  system: { from: ["pending"], to: ["cancelled"] },
  payment: { from: [], to: [] },
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus, actor: Pick<Actor, "kind">) {
  const allowed = bookingMoves[actor.kind];
  return allowed.from.includes(from) && allowed.to.includes(to);
}
