import { count, desc, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, labs, tests } from "~/db/schema";
import { emitWebhookEvent } from "~/modules/webhooks/emit-event.server";

export const BOOKINGS_PAGE_SIZE = 25;
export const adminBookingStatuses = ["confirmed", "completed", "cancelled"] as const;
export type AdminBookingStatus = (typeof adminBookingStatuses)[number];

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  testId: bookings.testId,
  userId: bookings.userId,
  labId: bookings.labId,
  orderId: bookings.orderId,
  scheduledDate: bookings.scheduledDate,
  scheduledTime: bookings.scheduledTime,
  patientName: bookings.patientName,
  patientEmail: bookings.patientEmail,
  patientPhone: bookings.patientPhone,
  notes: bookings.notes,
  createdAt: bookings.createdAt,
  testName: tests.name,
  testPriceFils: tests.priceFils,
  labName: labs.name,
};

/** All bookings, newest first, with their test and lab. */
export async function listAllBookings(page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(bookingColumns)
      .from(bookings)
      .leftJoin(tests, eq(tests.id, bookings.testId))
      .leftJoin(labs, eq(labs.id, bookings.labId))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(BOOKINGS_PAGE_SIZE)
      .offset((page - 1) * BOOKINGS_PAGE_SIZE),
    db.select({ n: count() }).from(bookings),
  ]);
  return { bookings: rows, total: total.n };
}

/**
 * Sets a booking's status and, in the same transaction, queues the booking_updated event (plus
 * booking_completed / booking_cancelled when that is the new status). Returns null for an unknown id.
 */
export async function setBookingStatus(id: string, status: AdminBookingStatus) {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(bookings).set({ status }).where(eq(bookings.id, id)).returning({ id: bookings.id });
    if (!updated) return null;
    const [booking] = await tx
      .select({ ...bookingColumns, testDescription: tests.description })
      .from(bookings)
      .leftJoin(tests, eq(tests.id, bookings.testId))
      .leftJoin(labs, eq(labs.id, bookings.labId))
      .where(eq(bookings.id, id));
    await emitWebhookEvent(tx, "booking_updated", { booking });
    if (status === "completed") await emitWebhookEvent(tx, "booking_completed", { booking });
    if (status === "cancelled") await emitWebhookEvent(tx, "booking_cancelled", { booking });
    return booking;
  });
}
