import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orderItems, orders, tests } from "~/db/schema";
import { insertBookings } from "~/modules/booking/create-booking.server";
import { isOpenOrder, orderIsOpen } from "~/modules/orders/open-order.server";
import { removeOrderedTestsFromCart } from "~/modules/orders/order-lines.server";
import type { CardProvider, CheckoutSessionState } from "~/modules/payments/card-provider.server";
import { recordLatePayment, refundThroughProvider } from "~/modules/payments/refunds.server";

export class PaymentConfirmationError extends Error {}

export type ConfirmationOutcome = { orderId: string; newlyPaid: boolean; refunded: boolean };

/**
 * Marks the order of a paid checkout session as paid and creates its bookings, EXACTLY ONCE,
 * and only while the order is OPEN: the order row is locked and the bookings share the
 * transaction, so however many confirmations arrive (return page, refresh, webhook,
 * concurrently) only one creates bookings. A payment for an order closed meanwhile (cancelled,
 * superseded, expired) is recorded and refunded through the provider instead, once. With
 * `userId` the order must also belong to that user (the return page); the webhook passes none.
 */
export async function markSessionPaid(
  provider: CardProvider,
  session: CheckoutSessionState,
  userId?: string,
): Promise<ConfirmationOutcome> {
  if (!session.paid) throw new PaymentConfirmationError("The checkout session is not paid");
  if (!session.orderId) throw new PaymentConfirmationError("The checkout session names no order");
  const orderId = session.orderId;
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentSessionId, session.id),
          ...(userId === undefined ? [] : [eq(orders.userId, userId)]),
        ),
      )
      .for("update");
    if (!order) throw new PaymentConfirmationError("No order of this customer matches the session");
    if (session.amountFils !== null && session.amountFils !== order.totalAmountFils) {
      throw new PaymentConfirmationError("The amount paid differs from the order total");
    }
    if (order.paymentStatus === "paid") return { orderId: order.id, newlyPaid: false, refund: null };
    if (!orderIsOpen(order)) return { orderId: order.id, newlyPaid: false, refund: await recordLatePayment(tx, order, session) };

    const [paid] = await tx
      .update(orders)
      .set({ paymentStatus: "paid", orderStatus: "confirmed", paidAt: new Date() })
      .where(and(eq(orders.id, order.id), isOpenOrder()))
      .returning();
    if (!paid) return { orderId: order.id, newlyPaid: false, refund: null };

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
    return { orderId: order.id, newlyPaid: true, refund: null };
  });
  if (outcome.refund) await refundThroughProvider(provider, outcome.refund, session);
  return { orderId: outcome.orderId, newlyPaid: outcome.newlyPaid, refunded: outcome.refund !== null };
}

/** The payment return page: ask the provider about the session, then mark it paid once. */
export async function confirmPayment(provider: CardProvider, sessionId: string, userId: string) {
  return markSessionPaid(provider, await provider.retrieveSession(sessionId), userId);
}
