import { eq, inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { bookings, labs, tests } from "~/db/schema";
import type { BookingPayload } from "~/modules/webhooks/webhook-events";

/** A booking with its test and lab, as the admin screen lists it and webhooks report it. */
export const bookingColumns = {
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
  testSlug: tests.slug,
  testDescription: tests.description,
  testPriceFils: tests.priceFils,
  labName: labs.name,
};

export function bookingsWithTestAndLab(executor: Executor) {
  return executor
    .select(bookingColumns)
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .$dynamic();
}

type BookingWithTestAndLab = Awaited<ReturnType<typeof bookingsWithTestAndLab>>[number];

/** The one payload of every booking_* event (webhook-events.ts), snake_case as the spec's data model. */
export function bookingPayload(row: BookingWithTestAndLab): BookingPayload {
  return {
    booking: {
      id: row.id,
      status: row.status,
      test_id: row.testId,
      user_id: row.userId,
      lab_id: row.labId,
      order_id: row.orderId,
      scheduled_date: row.scheduledDate,
      scheduled_time: row.scheduledTime,
      patient_name: row.patientName,
      patient_email: row.patientEmail,
      patient_phone: row.patientPhone,
      notes: row.notes,
      created_at: row.createdAt.toISOString(),
    },
    test:
      row.testId && row.testName !== null
        ? { id: row.testId, name: row.testName, slug: row.testSlug!, description: row.testDescription, price_fils: row.testPriceFils! }
        : null,
    lab: row.labId && row.labName !== null ? { id: row.labId, name: row.labName } : null,
  };
}

/** The payloads of the given bookings, read in the caller's transaction. */
export async function bookingPayloads(executor: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, BookingPayload>();
  const rows = await bookingsWithTestAndLab(executor).where(inArray(bookings.id, ids));
  return new Map(rows.map((row) => [row.id, bookingPayload(row)]));
}
