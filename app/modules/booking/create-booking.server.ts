import { eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { bookings, tests } from "~/db/schema";
import { emitWebhookEvent } from "~/modules/webhooks/emit-event.server";
import type { PatientDetails } from "~/modules/booking/schemas";

type BookedTest = { id: string; name: string; slug: string; priceFils: number };

/** The booking_created event body: the booking and its test, as the spec's send-webhook call. */
export function bookingCreatedPayload(booking: typeof bookings.$inferSelect, test: BookedTest | null) {
  return {
    booking: {
      id: booking.id,
      test_id: booking.testId,
      order_id: booking.orderId,
      scheduled_date: booking.scheduledDate,
      scheduled_time: booking.scheduledTime,
      patient_name: booking.patientName,
      patient_email: booking.patientEmail,
      patient_phone: booking.patientPhone,
      notes: booking.notes,
      status: booking.status,
      created_at: booking.createdAt.toISOString(),
    },
    test: test && { id: test.id, name: test.name, slug: test.slug, price_fils: test.priceFils },
  };
}

/** Inserts bookings and queues their booking_created events in the caller's transaction. */
export async function insertBookings(
  executor: Executor,
  rows: (typeof bookings.$inferInsert)[],
  testsById: Map<string, BookedTest>,
) {
  if (rows.length === 0) return [];
  const created = await executor.insert(bookings).values(rows).returning();
  for (const booking of created) {
    const test = booking.testId ? (testsById.get(booking.testId) ?? null) : null;
    await emitWebhookEvent(executor, "booking_created", bookingCreatedPayload(booking, test));
  }
  return created;
}

/** A pending booking of one test for the patient in the form, optionally part of an order. */
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
    status: "pending",
  };
}

export class TestNotFoundError extends Error {}

/** Books one test for the signed-in user (the Book Test form). Validated input only. */
export async function createBooking(userId: string, testId: string, details: PatientDetails) {
  return db.transaction(async (tx) => {
    const [test] = await tx
      .select({ id: tests.id, name: tests.name, slug: tests.slug, priceFils: tests.priceFils })
      .from(tests)
      .where(eq(tests.id, testId));
    if (!test) throw new TestNotFoundError(testId);
    const [booking] = await insertBookings(tx, [pendingBooking(userId, test.id, details)], new Map([[test.id, test]]));
    return booking;
  });
}
