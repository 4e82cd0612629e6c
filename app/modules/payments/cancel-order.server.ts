import { db } from "~/db/db.server";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";
import { getEnv, type Env } from "~/utils/env.server";

export type CancelOutcome = "cancelled" | "not-found" | "not-cancellable";

/**
 * Cancels the user's own unpaid order and its pending bookings (transitionOrder's "cancel"),
 * then closes its card checkout session so it can no longer be paid. Another user's order id is
 * "not-found": nothing about it is revealed or changed.
 */
export async function cancelOrder(userId: string, orderId: string, env: Env = getEnv()): Promise<CancelOutcome> {
  const outcome = await db.transaction((tx) => transitionOrder(tx, orderId, "cancel", { kind: "customer", id: userId }, { userId }));
  if (outcome.status === "not-found") return "not-found";
  if (outcome.status === "not-allowed") return "not-cancellable";
  await closeCheckoutSessions([outcome.order.paymentSessionId], env);
  return "cancelled";
}
