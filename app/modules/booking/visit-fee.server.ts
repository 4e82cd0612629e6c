import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Executor, Transaction } from "~/db/client.server";
import { bookings } from "~/db/schema";
import { activeBookingStatuses } from "~/modules/lifecycle/booking-status";
import { homeAddressKey } from "~/modules/slots/home-visit";

// The home-collection fee belongs to a visit, not to a booking (home-visit.ts, decision 0029).

type Booking = typeof bookings.$inferSelect;
export type VisitBooking = Pick<Booking, "id" | "orderId" | "labId" | "slotStart" | "collectionType" | "homeArea" | "homeAddress">;

/**
 * Locks a booking together with the other bookings of its order at the same lab and slot (every
 * booking its visit may share a fee with), in one order (by id), before any of them changes: a
 * cancellation, a reschedule and an admin's change of two bookings of one visit at once then
 * wait for each other instead of both deciding that the other one stays (and neither refunding
 * the fee), and never wait for each other crosswise. `userId` limits it to the customer's own.
 */
export async function lockBookingWithVisit(tx: Transaction, bookingId: string, userId?: string) {
  const visit = sql`(${bookings.orderId}, ${bookings.labId}, ${bookings.slotStart}) = (
    select own.order_id, own.lab_id, own.slot_start from ${bookings} own where own.id = ${bookingId})`;
  await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(or(eq(bookings.id, bookingId), visit), userId === undefined ? undefined : eq(bookings.userId, userId)))
    .orderBy(asc(bookings.id))
    .for("update");
}

/** The other active bookings of a home-collection booking's visit (its order, lab, slot and address), oldest first. */
export async function visitPartners(executor: Executor, booking: VisitBooking) {
  if (booking.collectionType !== "home" || !booking.orderId || !booking.labId || !booking.slotStart) return [];
  const rows = await executor
    .select({ id: bookings.id, homeArea: bookings.homeArea, homeAddress: bookings.homeAddress })
    .from(bookings)
    .where(
      and(
        eq(bookings.orderId, booking.orderId),
        eq(bookings.labId, booking.labId),
        eq(bookings.slotStart, booking.slotStart),
        eq(bookings.collectionType, "home"),
        inArray(bookings.status, activeBookingStatuses),
        ne(bookings.id, booking.id),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const address = homeAddressKey(booking.homeArea, booking.homeAddress);
  return rows.filter((row) => homeAddressKey(row.homeArea, row.homeAddress) === address);
}

/**
 * A booking leaves its visit (cancelled, or moved to another slot). When it carries the visit's
 * fee and another booking of the visit stays, the fee goes to the oldest of those (added to any
 * it carries), to be refunded with the visit's last booking, and this booking no longer carries
 * it. Answers "handed-over", "last" (it carries the fee and no other booking of the visit stays:
 * the fee leaves with it) or "none" (it carries no fee). In the caller's transaction, after
 * lockBookingWithVisit.
 */
export async function handOverVisitFee(tx: Transaction, booking: VisitBooking & Pick<Booking, "homeCollectionFeeFils">) {
  const fee = booking.homeCollectionFeeFils ?? 0;
  if (fee <= 0) return "none" as const;
  const [stays] = await visitPartners(tx, booking);
  if (!stays) return "last" as const;
  await tx
    .update(bookings)
    .set({ homeCollectionFeeFils: sql`coalesce(${bookings.homeCollectionFeeFils}, 0) + ${fee}` })
    .where(eq(bookings.id, stays.id));
  await tx.update(bookings).set({ homeCollectionFeeFils: null }).where(eq(bookings.id, booking.id));
  return "handed-over" as const;
}
