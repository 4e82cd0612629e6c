import { and, eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { orders } from "~/db/schema";
import { cancelPendingBookingsOfOrders } from "~/modules/booking/transition-booking.server";
import { canMoveOrder, orderMoves, type Actor, type OrderMove, type OrderState } from "~/modules/lifecycle/order-status";
import { releaseOrderHold } from "~/modules/orders/order-slots.server";
import { recordStatusChanges, type StatusChange } from "~/modules/lifecycle/status-history.server";

type Order = typeof orders.$inferSelect;

export type OrderTransition = { status: "changed"; order: Order; from: OrderState } | { status: "not-found" } | { status: "not-allowed"; order: Order };

/**
 * The one way an order's payment and order statuses change. In the caller's transaction it locks
 * the order (limited to `userId` when given: another customer's order is "not-found"), checks
 * the move against orderMoves (order-status.ts), writes the new statuses and their audit rows,
 * and, when the order is now cancelled, cancels its pending bookings through transitionBooking
 * (booking_updated and booking_cancelled events); a card order closed before payment gives back
 * its held slots. Orders themselves emit no webhook event yet.
 */
export async function transitionOrder(
  tx: Transaction,
  orderId: string,
  move: OrderMove,
  actor: Actor,
  scope: { userId?: string } = {},
): Promise<OrderTransition> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ...(scope.userId === undefined ? [] : [eq(orders.userId, scope.userId)])))
    .for("update");
  if (!order) return { status: "not-found" };
  if (!canMoveOrder(order, move, actor)) return { status: "not-allowed", order };

  const to: Partial<OrderState> = orderMoves[move].to;
  const paid = to.paymentStatus === "paid";
  // A closed card order gives back the slots it held for its payment (decision 0011).
  if (to.orderStatus === "cancelled" || to.orderStatus === "expired") await releaseOrderHold(tx, order);
  const [changed] = await tx
    .update(orders)
    // Once paid, the bookings carry the slots: the hold is over.
    .set({ ...to, ...(paid ? { paidAt: new Date(), slotHoldExpiresAt: null, slotsReleasedAt: null } : {}) })
    .where(eq(orders.id, order.id))
    .returning();
  const changes: StatusChange[] = [];
  if (to.paymentStatus && to.paymentStatus !== order.paymentStatus) {
    changes.push({ subject: "order", subjectId: order.id, field: "payment_status", from: order.paymentStatus, to: to.paymentStatus, reason: move });
  }
  if (to.orderStatus && to.orderStatus !== order.orderStatus) {
    changes.push({ subject: "order", subjectId: order.id, field: "order_status", from: order.orderStatus, to: to.orderStatus, reason: move });
  }
  await recordStatusChanges(tx, actor, changes);
  if (to.orderStatus === "cancelled") await cancelPendingBookingsOfOrders(tx, [order.id], actor, move);
  return { status: "changed", order: changed, from: { paymentStatus: order.paymentStatus, orderStatus: order.orderStatus } };
}

/** Writes an order's creation (no previous status) to the audit trail. */
export async function recordOrderCreated(tx: Transaction, order: Order, actor: Actor) {
  await recordStatusChanges(tx, actor, [
    { subject: "order", subjectId: order.id, field: "payment_status", from: null, to: order.paymentStatus, reason: "create" },
    { subject: "order", subjectId: order.id, field: "order_status", from: null, to: order.orderStatus, reason: "create" },
  ]);
}
