import { and, desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, cartItems, orderItems, orders, tests } from "~/db/schema";
import { todayInDubai } from "~/utils/dubai-date";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";
import { getEnv, type Env } from "~/utils/env.server";

export type ResumeOutcome = "loaded" | "expired" | "not-found" | "not-resumable" | "no-items";

/**
 * Resume Order: if the order's latest booking date has passed, the order becomes expired (and
 * its card checkout session is closed). Otherwise the cart is replaced by the order's items at
 * their ORIGINAL unit prices, kept on the cart lines with their quantity and the order they came
 * from, and honoured while that order is open and the quantity unchanged (decision 0007).
 */
export async function resumeOrder(
  userId: string,
  orderId: string,
  today = todayInDubai(),
  env: Env = getEnv(),
): Promise<ResumeOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for("update");
    if (!order) return { status: "not-found" as const };
    if (order.paymentStatus !== "pending" || order.orderStatus === "expired" || order.orderStatus === "cancelled") {
      return { status: "not-resumable" as const };
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
      return { status: "expired" as const, paymentSessionId: order.paymentSessionId };
    }
    const items = await tx
      .select({ testId: tests.id, quantity: orderItems.quantity, unitPriceFils: orderItems.unitPriceFils })
      .from(orderItems)
      .innerJoin(tests, eq(tests.id, orderItems.testId))
      .where(eq(orderItems.orderId, order.id));
    if (items.length === 0) return { status: "no-items" as const };
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await tx.insert(cartItems).values(
      items.map((item) => ({
        userId,
        testId: item.testId,
        quantity: item.quantity,
        unitPriceFils: item.unitPriceFils,
        resumedQuantity: item.quantity,
        resumedFromOrderId: order.id,
      })),
    );
    return { status: "loaded" as const };
  });
  if (outcome.status === "expired") await closeCheckoutSessions([outcome.paymentSessionId], env);
  return outcome.status;
}
