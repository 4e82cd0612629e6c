import { and, eq, ne } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, orders } from "~/db/schema";

export type CancelOutcome = "cancelled" | "not-found" | "not-cancellable";

/**
 * Cancels the user's own unpaid order and its pending bookings. Another user's order id is
 * "not-found": nothing about it is revealed or changed.
 */
export async function cancelOrder(userId: string, orderId: string): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) return "not-found";
    const [cancelled] = await tx
      .update(orders)
      .set({ orderStatus: "cancelled" })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          eq(orders.paymentStatus, "pending"),
          ne(orders.orderStatus, "expired"),
          ne(orders.orderStatus, "cancelled"),
        ),
      )
      .returning({ id: orders.id });
    if (!cancelled) return "not-cancellable";
    await tx
      .update(bookings)
      .set({ status: "cancelled" })
      .where(and(eq(bookings.orderId, orderId), eq(bookings.userId, userId), eq(bookings.status, "pending")));
    return "cancelled";
  });
}
