import { count, desc, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { bookingsWithTestAndLab } from "~/modules/booking/booking-payload.server";
import type { AdminBookingStatus } from "~/modules/booking/booking-status";
import { transitionBooking } from "~/modules/booking/transition-booking.server";

export const BOOKINGS_PAGE_SIZE = 25;

/** All bookings, newest first, with their test and lab. */
export async function listAllBookings(page: number) {
  const [rows, [total]] = await Promise.all([
    bookingsWithTestAndLab(db)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(BOOKINGS_PAGE_SIZE)
      .offset((page - 1) * BOOKINGS_PAGE_SIZE),
    db.select({ n: count() }).from(bookings),
  ]);
  return { bookings: rows, total: total.n };
}

/**
 * An admin sets a booking's status (through transitionBooking: audit row, booking_updated and
 * booking_completed / booking_cancelled events, one transaction). Returns the booking with its
 * test and lab, or null for an unknown id.
 */
export async function setBookingStatus(id: string, status: AdminBookingStatus, adminId: string | null = null) {
  return db.transaction(async (tx) => {
    const outcome = await transitionBooking(tx, id, status, { kind: "admin", id: adminId });
    if (outcome.status !== "changed") return null;
    const [booking] = await bookingsWithTestAndLab(tx).where(eq(bookings.id, id));
    return booking;
  });
}
