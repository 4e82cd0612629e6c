import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { bookings, orderItems } from "~/db/schema";
import { canMoveBooking, isActiveBooking, type BookingStatus, type LabCancellationReason } from "~/modules/lifecycle/booking-status";
import { handOverVisitFee, lockBookingWithVisit } from "~/modules/booking/visit-fee.server";
import { bookingPayloads } from "~/modules/booking/booking-payload.server";
import type { Actor } from "~/modules/lifecycle/order-status";
import { notifyBookingCancelled, notifyBookingCompleted, notifyBookingConfirmed, type NotificationPayload } from "~/modules/notifications/notify.server";
import { recordStatusChanges } from "~/modules/lifecycle/status-history.server";
import { releaseSlot, reholdSlot } from "~/modules/slots/slots.server";
import { emitWebhookEvent } from "~/modules/webhooks/emit-event.server";

export type BookingTransition =
  | { status: "changed"; from: BookingStatus }
  | { status: "not-found" }
  | { status: "not-allowed"; from: BookingStatus }
  /** A cancelled booking cannot be restored: its slot has been taken by others since. */
  | { status: "slot-taken"; from: BookingStatus };

export type BookingTransitionOptions = {
  /**
   * Whether the customer hears of it (default true); an order replaced by a newer one cancels
   * silently, and a booking completed by releasing its results sends "your results are ready" instead.
   */
  notify?: boolean;
  /**
   * A cancellation's or a no-show's money: what is refunded and the late-cancellation fee kept
   * (recorded on the booking).
   */
  refund?: NotificationPayload["refund"];
  /** A lab's cancellation: why (kept on the booking, shown to the customer). */
  labCancellationReason?: LabCancellationReason;
};

/**
 * The one way a booking's status changes. In the caller's transaction it locks the booking (with
 * the other bookings of its visit, lockBookingWithVisit), checks the move against bookingMoves (booking-status.ts), writes the new status and an audit
 * row (status_changes), and queues the events: booking_updated, plus booking_completed or
 * booking_cancelled when that is the new status. A booking holding a lab slot gives its units
 * back when it is cancelled, and takes them again (if still free) when an admin restores it. A
 * cancelled booking that carried its home-collection visit's fee hands it to a booking of the
 * visit that stays (handOverVisitFee): the fee is refunded only with the visit's last booking.
 * The customer's message is queued in the same transaction: cancelled (the calendar event's
 * sequence is raised first, so its calendar file cancels the event), completed, or confirmed by
 * an admin or the lab (a no-op when the booking's confirmation was already queued). Marking the
 * sample collected records its time on the booking; a no-show records the fee kept, as a late
 * cancellation does.
 */
export async function transitionBooking(
  tx: Transaction,
  bookingId: string,
  to: BookingStatus,
  actor: Actor,
  reason: string = actor.kind,
  options: BookingTransitionOptions = {},
): Promise<BookingTransition> {
  await lockBookingWithVisit(tx, bookingId);
  const [booking] = await tx
    .select({
      id: bookings.id,
      status: bookings.status,
      labId: bookings.labId,
      collectionType: bookings.collectionType,
      slotStart: bookings.slotStart,
      orderId: bookings.orderId,
      testId: bookings.testId,
      homeArea: bookings.homeArea,
      homeAddress: bookings.homeAddress,
      homeCollectionFeeFils: bookings.homeCollectionFeeFils,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update");
  if (!booking) return { status: "not-found" };
  if (!canMoveBooking(booking.status, to, actor)) return { status: "not-allowed", from: booking.status };
  // A booking cancelled while others of its home-collection visit stay leaves the visit's fee with them.
  if (to === "cancelled" && isActiveBooking(booking.status)) await handOverVisitFee(tx, booking);
  const { labId, collectionType, slotStart } = booking;
  if (labId && collectionType && slotStart && (booking.status === "cancelled") !== (to === "cancelled")) {
    const slot = { labId, type: collectionType, start: slotStart, units: await slotUnitsOf(tx, booking) };
    if (to === "cancelled") await releaseSlot(tx, slot);
    else if (!(await reholdSlot(tx, slot))) return { status: "slot-taken", from: booking.status };
  }
  const feeFils = options.refund?.feeFils ?? 0;
  await tx
    .update(bookings)
    .set({
      status: to,
      ...(to === "cancelled"
        ? {
            calendarSequence: sql`${bookings.calendarSequence} + 1`,
            cancellationFeeFils: feeFils > 0 ? feeFils : null,
            labCancellationReason: options.labCancellationReason ?? null,
          }
        : {}),
      // A no-show is a late cancellation (Terms, section 6): the fee kept is recorded the same way.
      ...(to === "no_show" ? { cancellationFeeFils: feeFils > 0 ? feeFils : null } : {}),
      // The time the lab took the sample: the transaction's, as on the audit row.
      ...(to === "sample_collected" ? { sampleCollectedAt: sql`now()` } : {}),
    })
    .where(eq(bookings.id, bookingId));
  await recordStatusChanges(tx, actor, [
    { subject: "booking", subjectId: bookingId, field: "status", from: booking.status, to, reason },
  ]);
  const payload = (await bookingPayloads(tx, [bookingId])).get(bookingId)!;
  await emitWebhookEvent(tx, "booking_updated", payload);
  if (to === "completed") await emitWebhookEvent(tx, "booking_completed", payload);
  if (to === "cancelled") await emitWebhookEvent(tx, "booking_cancelled", payload);
  if (to === "cancelled" && options.notify !== false) await notifyBookingCancelled(tx, bookingId, options.refund ?? null);
  if (to === "completed" && options.notify !== false) await notifyBookingCompleted(tx, bookingId);
  if (to === "confirmed" && (actor.kind === "admin" || actor.kind === "lab")) await notifyBookingConfirmed(tx, bookingId);
  return { status: "changed", from: booking.status };
}

/** A test line of several units given to patients: a booking each, sharing the line's one lab, slot and price. */
export function lineSharedByBookings(line: { patientIds: string[] | null; quantity: number | null }) {
  return (line.patientIds?.length ?? 0) > 0 && (line.quantity ?? 1) > 1;
}

/**
 * How many units of its slot a booking holds: its order line's quantity when it belongs to an
 * order (one booking per cart line), else one; one as well when the line's units name saved
 * patients (one booking per unit, issue 26).
 */
export async function slotUnitsOf(tx: Transaction, booking: { orderId: string | null; testId: string | null }) {
  if (!booking.orderId || !booking.testId) return 1;
  const [line] = await tx
    .select({ quantity: orderItems.quantity, patientIds: orderItems.patientIds })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, booking.orderId), eq(orderItems.testId, booking.testId), eq(orderItems.kind, "test")));
  if (!line) return 1;
  return line.patientIds.length > 0 ? 1 : line.quantity;
}

/**
 * Cancels the pending bookings of closed orders (Cancel Order, or orders superseded by a newer
 * one). `reason` is the order's move: the customer hears of a Cancel Order, not of an order that
 * was replaced by the one they just placed (its bookings live on in the new order).
 */
export async function cancelPendingBookingsOfOrders(tx: Transaction, orderIds: string[], actor: Actor, reason: string) {
  if (orderIds.length === 0) return;
  const pending = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.orderId, orderIds), eq(bookings.status, "pending")))
    .orderBy(bookings.createdAt, bookings.id);
  const notify = reason !== "supersede";
  for (const booking of pending) await transitionBooking(tx, booking.id, "cancelled", actor, reason, { notify });
}
