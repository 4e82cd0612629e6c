import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { bookings, cartItems, orderItems, orders, tests, type PaymentMethod } from "~/db/schema";
import type { PatientDetails } from "~/modules/booking/schemas";

export class EmptyCartError extends Error {}

/**
 * Creates a pending order and its items from the user's server cart, priced from the database
 * (a line resumed from an earlier pending order keeps that order's unit price). Runs inside the
 * caller's transaction. The earlier pending orders the cart was resumed from are superseded
 * (cancelled with their pending bookings), so resuming never leaves two orders for one purchase.
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
      unitPriceFils: sql<number>`coalesce(${cartItems.unitPriceFils}, ${tests.priceFils})`.mapWith(Number),
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

  const superseded = [...new Set(lines.map((line) => line.resumedFromOrderId).filter((id): id is string => !!id))];
  if (superseded.length > 0) {
    const cancelled = await tx
      .update(orders)
      .set({ orderStatus: "cancelled" })
      .where(
        and(
          inArray(orders.id, superseded),
          eq(orders.userId, userId),
          eq(orders.paymentStatus, "pending"),
          eq(orders.orderStatus, "pending"),
        ),
      )
      .returning({ id: orders.id });
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
  return { order, items, testsById };
}

/** Removes the ordered tests from the user's cart (and nothing they added since). */
export async function removeOrderedTestsFromCart(tx: Transaction, userId: string, testIds: (string | null)[]) {
  const ids = testIds.filter((id): id is string => !!id);
  if (ids.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.testId, ids)));
}
