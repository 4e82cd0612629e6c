import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, labOffers, labs, orderItems, orders, tests } from "~/db/schema";
import { sanitizeRichText } from "~/modules/content/sanitize-html";
import type { BookingFacts, OrderFacts } from "~/modules/notifications/message-facts";
import { slotStartFor } from "~/modules/slots/schedule";

const DEFAULT_VISIT_MINUTES = 30;

/** An order with its lines (tests and home-collection fees) as bought, or null when it is gone. */
export async function loadOrderFacts(orderId: string): Promise<OrderFacts | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  // Tests first, then the home-collection fees, each by name.
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`${orderItems.kind} <> 'test'`, asc(orderItems.testName));
  return {
    id: order.id,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    paymentMethod: order.paymentMethod,
    totalFils: order.totalAmountFils,
    lines: lines.map((line) => ({
      kind: line.kind,
      name: line.testName,
      labName: line.labName,
      quantity: line.quantity,
      unitPriceFils: line.unitPriceFils,
      totalPriceFils: line.totalPriceFils,
    })),
  };
}

/** A booking as it is now, with its test (preparation, result time), lab (address, slot length) and payment. */
export async function loadBookingFacts(bookingId: string): Promise<(BookingFacts & { slotStart: Date | null }) | null> {
  const [row] = await db
    .select({
      booking: bookings,
      testName: tests.name,
      preparation: tests.preparationInstructions,
      resultTime: tests.resultTime,
      labName: labs.name,
      labAddress: labs.address,
      labArea: labs.area,
      walkInMinutes: labs.walkInSlotMinutes,
      homeMinutes: labs.homeSlotMinutes,
      offerResultHours: labOffers.resultHours,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .leftJoin(labOffers, and(eq(labOffers.labId, bookings.labId), eq(labOffers.testId, bookings.testId)))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { booking } = row;
  const labMinutes = booking.collectionType === "home" ? row.homeMinutes : row.walkInMinutes;
  const labAddress = row.labAddress && row.labArea && !row.labAddress.includes(row.labArea) ? `${row.labAddress}, ${row.labArea}` : (row.labAddress ?? row.labArea);
  return {
    id: booking.id,
    orderId: booking.orderId,
    slotStart: booking.slotStart,
    status: booking.status,
    patientName: booking.patientName,
    patientEmail: booking.patientEmail,
    testName: row.testName ?? "Your lab test",
    preparationHtml: sanitizeRichText(row.preparation) || null,
    resultHours: row.offerResultHours ?? null,
    resultTime: row.resultTime,
    labName: row.labName,
    labAddress,
    collectionType: booking.collectionType,
    homeAddress: booking.homeAddress,
    homeArea: booking.homeArea,
    start: booking.slotStart ?? slotStartFor(booking.scheduledDate, booking.scheduledTime),
    minutes: labMinutes ?? DEFAULT_VISIT_MINUTES,
    calendarSequence: booking.calendarSequence,
    paymentMethod: row.paymentMethod,
    paid: row.paymentStatus === "paid",
  };
}
