import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orderItems, orders, tests } from "~/db/schema";
import { insertBookings } from "~/modules/booking/create-booking.server";
import { removeOrderedTestsFromCart } from "~/modules/orders/order-lines.server";
import type { CardProvider, CheckoutSessionState } from "./card-provider.server";

export class PaymentConfirmationError extends Error {}

/**
 * Marks the order of a paid checkout session as paid and creates its bookings, EXACTLY ONCE:
 * the conditional update (`payment_status = 'pending'`) and the bookings share one
 * transaction, so however many confirmations arrive (return page, refresh, webhook,
 * concurrently) only the one whose update matched creates bookings. With `userId` the order
 * must also belong to that user (the return page); the webhook passes none.
 */
export async function markSessionPaid(session: CheckoutSessionState, userId?: string) {
  if (!session.paid) throw new PaymentConfirmationError("The checkout session is not paid");
  if (!session.orderId) throw new PaymentConfirmationError("The checkout session names no order");
  const orderId = session.orderId;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentSessionId, session.id),
          ...(userId === undefined ? [] : [eq(orders.userId, userId)]),
        ),
      );
    if (!order) throw new PaymentConfirmationError("No order of this customer matches the session");
    if (session.amountFils !== null && session.amountFils !== order.totalAmountFils) {
      throw new PaymentConfirmationError("The amount paid differs from the order total");
    }
    const [paid] = await tx
      .update(orders)
      .set({ paymentStatus: "paid", orderStatus: "confirmed", paidAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending")))
      .returning();
    if (!paid) return { orderId: order.id, newlyPaid: false };

    const items = await tx
      .select({ item: orderItems, test: { id: tests.id, name: tests.name, slug: tests.slug, priceFils: tests.priceFils } })
      .from(orderItems)
      .leftJoin(tests, eq(tests.id, orderItems.testId))
      .where(eq(orderItems.orderId, order.id));
    await insertBookings(
      tx,
      items.map(({ item }) => ({
        userId: order.userId,
        testId: item.testId,
        orderId: order.id,
        scheduledDate: order.scheduledDate ?? new Date().toISOString().slice(0, 10),
        scheduledTime: order.scheduledTime ?? undefined,
        patientName: order.customerName,
        patientEmail: order.customerEmail,
        patientPhone: order.customerPhone,
        notes: order.notes,
        status: "pending",
      })),
      new Map(items.flatMap(({ test }) => (test ? [[test.id, test] as const] : []))),
    );
    await removeOrderedTestsFromCart(
      tx,
      order.userId,
      items.map(({ item }) => item.testId),
    );
    return { orderId: order.id, newlyPaid: true };
  });
}

/** The payment return page: ask the provider about the session, then mark it paid once. */
export async function confirmPayment(provider: CardProvider, sessionId: string, userId: string) {
  return markSessionPaid(await provider.retrieveSession(sessionId), userId);
}
