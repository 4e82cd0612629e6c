import { and, eq, ne } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, orders } from "~/db/schema";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";
import { getEnv, type Env } from "~/utils/env.server";

export type CancelOutcome = "cancelled" | "not-found" | "not-cancellable";

/**
 * Cancels the user's own unpaid order and its pending bookings, then closes its card checkout
 * session so it can no longer be paid. Another user's order id is "not-found": nothing about it
 * is revealed or changed.
 */
export async function cancelOrder(userId: string, orderId: string, env: Env = getEnv()): Promise<CancelOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) return { status: "not-found" as const };
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
      .returning({ id: orders.id, paymentSessionId: orders.paymentSessionId });
    if (!cancelled) return { status: "not-cancellable" as const };
    await tx
      .update(bookings)
      .set({ status: "cancelled" })
      .where(and(eq(bookings.orderId, orderId), eq(bookings.userId, userId), eq(bookings.status, "pending")));
    return { status: "cancelled" as const, paymentSessionId: cancelled.paymentSessionId };
  });
  if (outcome.status === "cancelled") await closeCheckoutSessions([outcome.paymentSessionId], env);
  return outcome.status;
}
