import type { Transaction } from "~/db/client.server";
import { orderItems, orders, type PaymentMethod } from "~/db/schema";
import type { PatientDetails } from "~/modules/booking/schemas";
import { moveResumedPricesTo, takeCartForOrder } from "~/modules/cart/cart-for-order.server";
import { cartTotalFils, lineTotalFils } from "~/modules/cart/cart-line";
import { openOrderState } from "~/modules/orders/order-status";
import { recordOrderCreated, transitionOrder } from "~/modules/orders/transition-order.server";

export class EmptyCartError extends Error {}

/**
 * Creates a pending order and its items from the user's server cart, priced from the database
 * as the cart page shows it (cart-pricing.server.ts: a resumed line keeps its order's unit price
 * only while that order is open and its quantity unchanged). Runs inside the caller's
 * transaction. The earlier open orders the cart was resumed from are superseded (cancelled with
 * their pending bookings), so resuming never leaves two orders for one purchase; the lines whose
 * resumed price was honoured now take it from the new order, which is the only open one. The
 * caller closes the returned checkout sessions of the superseded orders after committing.
 */
export async function createOrderFromCart(tx: Transaction, userId: string, details: PatientDetails, paymentMethod: PaymentMethod) {
  const lines = await takeCartForOrder(tx, userId);
  if (lines.length === 0) throw new EmptyCartError();
  const priced = lines.map((line) => ({ ...line, price: line.unitPriceFils }));

  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      totalAmountFils: cartTotalFils(priced),
      paymentMethod,
      ...openOrderState,
      customerName: details.patientName,
      customerEmail: details.patientEmail,
      customerPhone: details.patientPhone,
      notes: details.notes,
      scheduledDate: details.scheduledDate,
      scheduledTime: details.scheduledTime,
    })
    .returning();
  await recordOrderCreated(tx, order, { kind: "customer", id: userId });
  const items = await tx
    .insert(orderItems)
    .values(
      priced.map((line) => ({
        orderId: order.id,
        testId: line.testId,
        testName: line.testName,
        quantity: line.quantity,
        unitPriceFils: line.unitPriceFils,
        totalPriceFils: lineTotalFils(line),
      })),
    )
    .returning();

  await moveResumedPricesTo(
    tx,
    lines.filter((line) => line.resumedPriceHonoured).map((line) => line.lineId),
    order.id,
  );

  const superseded = [...new Set(lines.map((line) => line.resumedFromOrderId).filter((id): id is string => !!id))];
  const closedSessionIds: (string | null)[] = [];
  for (const orderId of superseded) {
    const outcome = await transitionOrder(tx, orderId, "supersede", { kind: "system" }, { userId });
    if (outcome.status === "changed") closedSessionIds.push(outcome.order.paymentSessionId);
  }
  return { order, items, closedSessionIds };
}
