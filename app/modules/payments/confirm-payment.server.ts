import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orderItems, orders } from "~/db/schema";
import { insertBookings, pendingBooking } from "~/modules/booking/create-booking.server";
import { removeOrderedTests } from "~/modules/cart/cart-for-order.server";
import { orderIsOpen, type Actor } from "~/modules/orders/order-status";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { DEFAULT_BOOKING_TIME, todayInDubai } from "~/utils/dubai-date";
import type { CardProvider, CheckoutSessionState } from "~/modules/payments/card-provider.server";
import { recordLatePayment, refundThroughProvider } from "~/modules/payments/refunds.server";

export class PaymentConfirmationError extends Error {}

const PAYMENT: Actor = { kind: "payment" };

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

    const paid = await transitionOrder(tx, order.id, "pay", PAYMENT);
    if (paid.status !== "changed") return { orderId: order.id, newlyPaid: false, refund: null };

    const items = await tx.select({ testId: orderItems.testId }).from(orderItems).where(eq(orderItems.orderId, order.id));
    const details = {
      patientName: order.customerName,
      patientEmail: order.customerEmail,
      patientPhone: order.customerPhone,
      notes: order.notes,
      scheduledDate: order.scheduledDate ?? todayInDubai(),
      scheduledTime: order.scheduledTime ?? DEFAULT_BOOKING_TIME,
    };
    await insertBookings(
      tx,
      items.map((item) => pendingBooking(order.userId, item.testId, details, order.id)),
      PAYMENT,
    );
    await removeOrderedTests(
      tx,
      order.userId,
      items.map((item) => item.testId),
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
