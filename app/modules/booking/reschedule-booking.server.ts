import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { bookings, labs, orderItems, orders } from "~/db/schema";
import { bookingPayloads } from "~/modules/booking/booking-payload.server";
import { isActiveBooking, type BookingStatus } from "~/modules/lifecycle/booking-status";
import { homeAddressKey } from "~/modules/slots/home-visit";
import { lineSharedByBookings, slotUnitsOf } from "~/modules/booking/transition-booking.server";
import { handOverVisitFee, lockBookingWithVisit } from "~/modules/booking/visit-fee.server";
import { notifyBookingRescheduled } from "~/modules/notifications/notify.server";
import { reminderCoveredFor } from "~/modules/notifications/reminders.server";
import type { Actor } from "~/modules/lifecycle/order-status";
import { recordStatusChanges } from "~/modules/lifecycle/status-history.server";
import { dubaiDateTime } from "~/modules/slots/schedule";
import { holdSlot, releaseSlot, SlotNotOfferedError, SlotTooSoonError } from "~/modules/slots/slots.server";
import { emitWebhookEvent } from "~/modules/webhooks/emit-event.server";

type Booking = typeof bookings.$inferSelect;

/** Where a booking moves: a slot of a lab (the same lab or another offering the test) and its price there. */
export type RescheduleTarget = { labId: string; start: Date; priceFils: number };

/** Where and when a booking was before a move, as its message and the audit trail name it. */
export type PreviousSchedule = { scheduledDate: string; scheduledTime: string; labName: string | null };

export type BookingReschedule =
  | { status: "changed"; booking: Booking; previous: PreviousSchedule; units: number }
  | { status: "not-found" }
  | { status: "not-allowed"; from: BookingStatus }
  /** The booking is already at that slot. */
  | { status: "unchanged" }
  | { status: "slot-taken" }
  | { status: "not-a-slot" }
  | { status: "too-soon" };

/** A schedule as the audit trail writes it: "2026-11-24 09:30 · Al Noor Lab" (Asia/Dubai). */
export function scheduleLabel(date: string, time: string, labName: string | null) {
  return `${date} ${time} · ${labName ?? "No lab"}`;
}

async function labNameOf(tx: Transaction, labId: string | null) {
  if (!labId) return null;
  const [lab] = await tx.select({ name: labs.name }).from(labs).where(eq(labs.id, labId));
  return lab?.name ?? null;
}

/**
 * The lifecycle's move of an active booking to another slot, in the caller's transaction (the
 * reschedule counterpart of transitionBooking). It locks the booking, holds its units of the new
 * slot (one conditional write: a slot taken meanwhile answers slot-taken and changes nothing),
 * then gives the old slot back, and writes the new lab, date, time, slot and price, a raised
 * calendar sequence (the calendar file updates the same event) and a cleared reminder (due again
 * for the new time, unless that is less than 24 hours away: the move's message carries it). The booking's order line follows it: lab and slot always; for cash on
 * delivery also its price and the order total (what is due at collection), while a card order
 * keeps what was charged (a lower price is refunded by the caller). The move is audited as a
 * "schedule" change, emits booking_updated and queues the booking_rescheduled message.
 */
export async function rescheduleBooking(tx: Transaction, bookingId: string, target: RescheduleTarget, actor: Actor, reason = "reschedule"): Promise<BookingReschedule> {
  await lockBookingWithVisit(tx, bookingId);
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!booking) return { status: "not-found" };
  if (!isActiveBooking(booking.status) || !booking.collectionType) return { status: "not-allowed", from: booking.status };
  if (booking.labId === target.labId && booking.slotStart?.getTime() === target.start.getTime()) return { status: "unchanged" };

  const type = booking.collectionType;
  const units = await slotUnitsOf(tx, booking);
  try {
    if (!(await holdSlot(tx, { labId: target.labId, type, start: target.start, units }))) return { status: "slot-taken" };
  } catch (error) {
    if (error instanceof SlotTooSoonError) return { status: "too-soon" };
    if (error instanceof SlotNotOfferedError) return { status: "not-a-slot" };
    throw error;
  }
  if (booking.labId && booking.slotStart) await releaseSlot(tx, { labId: booking.labId, type, start: booking.slotStart, units });
  // Leaving a home-collection visit that other bookings keep leaves its fee with them; the visit's
  // last booking takes the fee (and its order line) along.
  const fee = await handOverVisitFee(tx, booking);

  const previous: PreviousSchedule = {
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    labName: await labNameOf(tx, booking.labId),
  };
  const labName = target.labId === booking.labId ? previous.labName : await labNameOf(tx, target.labId);
  const { date, time } = dubaiDateTime(target.start);
  const [moved] = await tx
    .update(bookings)
    .set({
      labId: target.labId,
      scheduledDate: date,
      scheduledTime: time,
      slotStart: target.start,
      priceFils: target.priceFils,
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
      reminderQueuedFor: reminderCoveredFor(target.start),
    })
    .where(eq(bookings.id, bookingId))
    .returning();
  await moveOrderLines(tx, booking, moved, labName, units, fee === "last");

  await recordStatusChanges(tx, actor, [
    {
      subject: "booking",
      subjectId: bookingId,
      field: "schedule",
      from: scheduleLabel(previous.scheduledDate, previous.scheduledTime, previous.labName),
      to: scheduleLabel(date, time, labName),
      reason,
    },
  ]);
  const payload = (await bookingPayloads(tx, [bookingId])).get(bookingId)!;
  await emitWebhookEvent(tx, "booking_updated", payload);
  await notifyBookingRescheduled(tx, bookingId, moved.calendarSequence, previous);
  return { status: "changed", booking: moved, previous, units };
}

/**
 * Keeps the booking's order in step: its test line (and, when `feeMoves`, the home-collection fee
 * line of the visit it was the last booking of) names the new lab and slot; on a cash-on-delivery
 * order the line's price and the order total follow the new price. A line of several units given
 * to patients (a booking each) keeps its lab and slot; only the money follows.
 */
async function moveOrderLines(tx: Transaction, before: Booking, after: Booking, labName: string | null, units: number, feeMoves: boolean) {
  if (!before.orderId || !before.testId) return;
  const [order] = await tx
    .select({ paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, before.orderId))
    .for("update");
  if (!order) return;
  const [line] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, before.orderId), eq(orderItems.testId, before.testId), eq(orderItems.kind, "test")));
  if (!line) return;
  const cash = order.paymentMethod === "cash_on_delivery";
  if (lineSharedByBookings(line)) {
    // One of the line's several patients moved, the others stay: the line keeps its lab and slot
    // (each booking carries its own), and on cash on delivery its total and the order's follow
    // this patient's change of price.
    const changeFils = cash && after.priceFils !== null && before.priceFils !== null ? (after.priceFils - before.priceFils) * units : 0;
    if (changeFils !== 0) {
      await tx.update(orderItems).set({ totalPriceFils: sql`${orderItems.totalPriceFils} + ${changeFils}` }).where(eq(orderItems.id, line.id));
      await tx.update(orders).set({ totalAmountFils: sql`${orders.totalAmountFils} + ${changeFils}` }).where(eq(orders.id, before.orderId));
    }
  } else {
    const reprice = cash && after.priceFils !== null && after.priceFils !== line.unitPriceFils;
    const newTotal = (after.priceFils ?? line.unitPriceFils) * units;
    await tx
      .update(orderItems)
      .set({
        labId: after.labId,
        labName,
        slotStart: after.slotStart,
        ...(reprice ? { unitPriceFils: after.priceFils!, totalPriceFils: newTotal } : {}),
      })
      .where(eq(orderItems.id, line.id));
    if (reprice) {
      await tx
        .update(orders)
        .set({ totalAmountFils: sql`${orders.totalAmountFils} + ${newTotal - line.totalPriceFils}` })
        .where(eq(orders.id, before.orderId));
    }
  }
  if (feeMoves && before.labId && before.slotStart) {
    const feeLines = await tx
      .select({ id: orderItems.id, homeArea: orderItems.homeArea, homeAddress: orderItems.homeAddress })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, before.orderId),
          eq(orderItems.kind, "home_collection_fee"),
          eq(orderItems.labId, before.labId),
          eq(orderItems.slotStart, before.slotStart),
        ),
      );
    const address = homeAddressKey(before.homeArea, before.homeAddress);
    // The visit's own fee line (an order placed before visits had addresses has one per lab and slot).
    const feeLine = feeLines.find((line) => homeAddressKey(line.homeArea, line.homeAddress) === address) ?? (feeLines.length === 1 ? feeLines[0] : undefined);
    if (feeLine) await tx.update(orderItems).set({ slotStart: after.slotStart }).where(eq(orderItems.id, feeLine.id));
  }
}
