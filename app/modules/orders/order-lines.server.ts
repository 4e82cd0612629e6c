import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { bookings, cartItems, orderItems, orders, tests, type PaymentMethod } from "~/db/schema";
import type { PatientDetails } from "~/modules/booking/schemas";
import { cartUnitPriceFils, honoursResumedPrice } from "~/modules/cart/cart-pricing.server";
import { isOpenOrder } from "~/modules/orders/open-order.server";

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
export async function createOrderFromCart(
  tx: Transaction,
  userId: string,
  details: PatientDetails,
  paymentMethod: PaymentMethod,
) {
  const lines = await tx
    .select({
      testId: tests.id,
      testName: tests.name,
      testSlug: tests.slug,
      currentPriceFils: tests.priceFils,
      unitPriceFils: cartUnitPriceFils(),
      resumedPriceHonoured: honoursResumedPrice(),
      lineId: cartItems.id,
      quantity: cartItems.quantity,
      resumedFromOrderId: cartItems.resumedFromOrderId,
    })
    .from(cartItems)
    .innerJoin(tests, eq(tests.id, cartItems.testId))
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.createdAt, cartItems.id)
    .for("update", { of: cartItems });
  if (lines.length === 0) throw new EmptyCartError();

  const totalAmountFils = lines.reduce((sum, line) => sum + line.unitPriceFils * line.quantity, 0);
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      totalAmountFils,
      paymentMethod,
      paymentStatus: "pending",
      orderStatus: "pending",
      customerName: details.patientName,
      customerEmail: details.patientEmail,
      customerPhone: details.patientPhone,
      notes: details.notes,
      scheduledDate: details.scheduledDate,
      scheduledTime: details.scheduledTime,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        orderId: order.id,
        testId: line.testId,
        testName: line.testName,
        quantity: line.quantity,
        unitPriceFils: line.unitPriceFils,
        totalPriceFils: line.unitPriceFils * line.quantity,
      })),
    )
    .returning();

  const honoured = lines.filter((line) => line.resumedPriceHonoured).map((line) => line.lineId);
  if (honoured.length > 0) {
    await tx.update(cartItems).set({ resumedFromOrderId: order.id }).where(inArray(cartItems.id, honoured));
  }

  const superseded = [...new Set(lines.map((line) => line.resumedFromOrderId).filter((id): id is string => !!id))];
  let closedSessionIds: (string | null)[] = [];
  if (superseded.length > 0) {
    const cancelled = await tx
      .update(orders)
      .set({ orderStatus: "cancelled" })
      .where(and(inArray(orders.id, superseded), eq(orders.userId, userId), isOpenOrder()))
      .returning({ id: orders.id, paymentSessionId: orders.paymentSessionId });
    closedSessionIds = cancelled.map((row) => row.paymentSessionId);
    if (cancelled.length > 0) {
      await tx
        .update(bookings)
        .set({ status: "cancelled" })
        .where(
          and(
            inArray(
              bookings.orderId,
              cancelled.map((row) => row.id),
            ),
            eq(bookings.status, "pending"),
          ),
        );
    }
  }

  const testsById = new Map(
    lines.map((line) => [line.testId, { id: line.testId, name: line.testName, slug: line.testSlug, priceFils: line.currentPriceFils }]),
  );
  return { order, items, testsById, closedSessionIds };
}

/** Removes the ordered tests from the user's cart (and nothing they added since). */
export async function removeOrderedTestsFromCart(tx: Transaction, userId: string, testIds: (string | null)[]) {
  const ids = testIds.filter((id): id is string => !!id);
  if (ids.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.testId, ids)));
}
