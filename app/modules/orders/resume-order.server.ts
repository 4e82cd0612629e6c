import { and, desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, cartItems, orderItems, orders, tests } from "~/db/schema";
import { todayInDubai } from "~/modules/booking/dubai-date";

export type ResumeOutcome = "loaded" | "expired" | "not-found" | "not-resumable" | "no-items";

/**
 * Resume Order: if the order's latest booking date has passed, the order becomes expired.
 * Otherwise the cart is replaced by the order's items at their ORIGINAL unit prices (kept on
 * the cart lines, with the order they came from, and honoured at checkout).
 */
export async function resumeOrder(userId: string, orderId: string, today = todayInDubai()): Promise<ResumeOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for("update");
    if (!order) return "not-found";
    if (order.paymentStatus !== "pending" || order.orderStatus === "expired" || order.orderStatus === "cancelled") {
      return "not-resumable";
    }
    const [latestBooking] = await tx
      .select({ scheduledDate: bookings.scheduledDate })
      .from(bookings)
      .where(and(eq(bookings.orderId, order.id), eq(bookings.userId, userId), ne(bookings.status, "cancelled")))
      .orderBy(desc(bookings.scheduledDate))
      .limit(1);
    const bookingDate = latestBooking?.scheduledDate ?? order.scheduledDate;
    if (bookingDate && bookingDate < today) {
      await tx.update(orders).set({ orderStatus: "expired" }).where(eq(orders.id, order.id));
      return "expired";
    }
    const items = await tx
      .select({ testId: tests.id, quantity: orderItems.quantity, unitPriceFils: orderItems.unitPriceFils })
      .from(orderItems)
      .innerJoin(tests, eq(tests.id, orderItems.testId))
      .where(eq(orderItems.orderId, order.id));
    if (items.length === 0) return "no-items";
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await tx.insert(cartItems).values(
      items.map((item) => ({
        userId,
        testId: item.testId,
        quantity: item.quantity,
        unitPriceFils: item.unitPriceFils,
        resumedFromOrderId: order.id,
      })),
    );
    return "loaded";
  });
}
