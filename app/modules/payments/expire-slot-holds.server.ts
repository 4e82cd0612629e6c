import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orders } from "~/db/schema";
import { ordersWithExpiredHolds, releaseOrderHold } from "~/modules/orders/order-slots.server";
import { orderIsOpen } from "~/modules/lifecycle/order-status";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { closeCheckoutSessions } from "~/modules/payments/close-sessions.server";
import { getNow } from "~/modules/slots/clock.server";
import { getEnv, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/** The background job that gives back the slots of card payments that did not arrive in time. */
export const RELEASE_SLOT_HOLDS_JOB = "release-slot-holds";
export const RELEASE_SLOT_HOLDS_EVERY_SECONDS = 30;

/**
 * Card orders whose slot hold has run out (SLOT_HOLD_MINUTES after checkout) without a payment:
 * each still-open order is expired through transitionOrder (system), which gives its slots back
 * and sets slots_released_at, one order per transaction with the order row locked (a payment
 * confirmation racing it waits, then finds the order expired and holds the slots again or
 * refunds). After committing, their checkout sessions are closed; a session paid just before is
 * confirmed then. Returns how many orders were released.
 */
export async function releaseExpiredSlotHolds(now: Date = getNow(), env: Env = getEnv()): Promise<number> {
  let released = 0;
  const sessionIds: (string | null)[] = [];
  for (const { id } of await ordersWithExpiredHolds(now)) {
    try {
      const outcome = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!order || order.slotsReleasedAt || !order.slotHoldExpiresAt || order.slotHoldExpiresAt > now) return null;
        if (orderIsOpen(order)) {
          const expired = await transitionOrder(tx, order.id, "expire", { kind: "system" });
          return expired.status === "changed" ? { sessionId: order.paymentSessionId } : null;
        }
        return (await releaseOrderHold(tx, order)) ? { sessionId: null } : null;
      });
      if (outcome) {
        released++;
        sessionIds.push(outcome.sessionId);
      }
    } catch (error) {
      logger.error({ err: error, orderId: id }, "releasing an expired slot hold failed");
    }
  }
  await closeCheckoutSessions(sessionIds, env);
  return released;
}
