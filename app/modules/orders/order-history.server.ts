import { asc, desc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, orderItems, orders, tests } from "~/db/schema";

const ORDER_HISTORY_LIMIT = 50;
const BOOKINGS_LIMIT = 100;

/** What the customer sees of an order: its total, payment method and statuses. */
export const orderSummaryColumns = {
  id: orders.id,
  totalAmountFils: orders.totalAmountFils,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
};

/** The signed-in user's own orders, newest first, each with its items (lab, collection and slot of each test). */
export async function ordersForUser(userId: string) {
  const rows = await db
    .select({
      ...orderSummaryColumns,
      scheduledDate: orders.scheduledDate,
      scheduledTime: orders.scheduledTime,
      customerName: orders.customerName,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(ORDER_HISTORY_LIMIT);
  if (rows.length === 0) return [];
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      testName: orderItems.testName,
      quantity: orderItems.quantity,
      unitPriceFils: orderItems.unitPriceFils,
      totalPriceFils: orderItems.totalPriceFils,
      kind: orderItems.kind,
      labName: orderItems.labName,
      collectionType: orderItems.collectionType,
      slotStart: orderItems.slotStart,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }));
}

/** The signed-in user's own bookings, newest first, with the test's name and price. */
export async function bookingsForUser(userId: string) {
  return db
    .select({
      id: bookings.id,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      patientName: bookings.patientName,
      status: bookings.status,
      createdAt: bookings.createdAt,
      testName: tests.name,
      testPriceFils: tests.priceFils,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt))
    .limit(BOOKINGS_LIMIT);
}
