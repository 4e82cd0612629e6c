import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, labs, orders, tests } from "~/db/schema";
import { orderSummaryColumns } from "~/modules/orders/order-history.server";

/**
 * One of the user's own orders (null for an unknown id or someone else's order), with its
 * bookings as they are now (a reschedule moves them): the test, the lab, walk-in or home, the
 * slot and the status, for the confirmation and the payment page.
 */
export async function findOwnOrder(userId: string, orderId: string) {
  const [order] = await db
    .select(orderSummaryColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const visits = await db
    .select({
      id: bookings.id,
      testName: tests.name,
      testNameAr: tests.nameAr,
      labName: labs.name,
      labNameAr: labs.nameAr,
      collectionType: bookings.collectionType,
      slotStart: bookings.slotStart,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      status: bookings.status,
      patientName: bookings.patientName,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .where(and(eq(bookings.orderId, order.id), eq(bookings.userId, userId)))
    .orderBy(asc(bookings.slotStart), asc(bookings.id));
  return { ...order, visits };
}
