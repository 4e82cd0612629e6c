import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { bookings, tests } from "~/db/schema";
import { bookingPayloads } from "~/modules/booking/booking-payload.server";
import { initialBookingStatus } from "~/modules/booking/booking-status";
import type { PatientDetails } from "~/modules/booking/schemas";
import type { Actor } from "~/modules/orders/order-status";
import { recordStatusChanges } from "~/modules/orders/status-history.server";
import { emitWebhookEvent } from "~/modules/webhooks/emit-event.server";

/**
 * Inserts pending bookings (built by pendingBooking) and, in the caller's transaction, writes
 * their creation to the audit trail and queues their booking_created events.
 */
export async function insertBookings(tx: Transaction, rows: (typeof bookings.$inferInsert)[], actor: Actor) {
  if (rows.length === 0) return [];
  const created = await tx.insert(bookings).values(rows).returning();
  await recordStatusChanges(
    tx,
    actor,
    created.map((booking) => ({ subject: "booking", subjectId: booking.id, field: "status", from: null, to: booking.status, reason: "create" })),
  );
  const payloads = await bookingPayloads(
    tx,
    created.map((booking) => booking.id),
  );
  for (const booking of created) await emitWebhookEvent(tx, "booking_created", payloads.get(booking.id)!);
  return created;
}

/** The one booking-row builder: a pending booking of one test for the patient in the form, optionally part of an order. */
export function pendingBooking(
  userId: string,
  testId: string | null,
  details: PatientDetails,
  orderId: string | null = null,
): typeof bookings.$inferInsert {
  return {
    userId,
    testId,
    orderId,
    scheduledDate: details.scheduledDate,
    scheduledTime: details.scheduledTime,
    patientName: details.patientName,
    patientEmail: details.patientEmail,
    patientPhone: details.patientPhone,
    notes: details.notes,
    status: initialBookingStatus,
  };
}

export class TestNotFoundError extends Error {}

/** Books one test for the signed-in user (the Book Test form). Validated input only. */
export async function createBooking(userId: string, testId: string, details: PatientDetails) {
  return db.transaction(async (tx) => {
    const [test] = await tx.select({ id: tests.id }).from(tests).where(eq(tests.id, testId));
    if (!test) throw new TestNotFoundError(testId);
    const [booking] = await insertBookings(tx, [pendingBooking(userId, test.id, details)], { kind: "customer", id: userId });
    return booking;
  });
}
