import { and, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { orderItems, orders } from "~/db/schema";
import type { Transaction } from "~/db/client.server";
import { insertBookings } from "~/modules/booking/create-booking.server";
import { removeOrderedTests } from "~/modules/cart/cart-for-order.server";
import { issueInvoice } from "~/modules/invoices/issue-invoice.server";
import { notifyPaymentReceived } from "~/modules/notifications/notify.server";
import { bookingsForOrderItems } from "~/modules/orders/order-bookings.server";
import { savedPatientsByIds } from "~/modules/accounts/saved-patients.server";
import { heldSlotsOfOrder, holdOrderSlots } from "~/modules/orders/order-slots.server";
import { orderIsOpen, type Actor, type OrderMove } from "~/modules/lifecycle/order-status";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { getNow } from "~/modules/slots/clock.server";
import { DEFAULT_BOOKING_TIME, todayInDubai } from "~/utils/dubai-date";
import type { CardProvider, CheckoutSessionState } from "~/modules/payments/card-provider.server";
import { recordLatePayment, refundThroughProvider, type LatePaymentReason } from "~/modules/payments/refunds.server";

export class PaymentConfirmationError extends Error {}

const PAYMENT: Actor = { kind: "payment" };

export type ConfirmationOutcome = { orderId: string; newlyPaid: boolean; refunded: boolean; refundReason: LatePaymentReason | null };

type Order = typeof orders.$inferSelect;

class SlotsTakenMeanwhile extends Error {}

/**
 * A card payment that arrived after its slot hold expired (the release job expired the order and
 * gave its slots back): holds every slot again if each is still free and not yet started, in a
 * savepoint so that a refusal takes back the slots already held. True when all were held.
 */
async function reholdExpiredOrder(tx: Transaction, order: Order): Promise<boolean> {
  if (order.orderStatus !== "expired" || !order.slotsReleasedAt) return false;
  const now = getNow();
  try {
    await tx.transaction(async (savepoint) => {
      const slots = await heldSlotsOfOrder(savepoint, order.id);
      if (slots.some((slot) => slot.start <= now)) throw new SlotsTakenMeanwhile();
      if (await holdOrderSlots(savepoint, slots, { checkLeadTime: false, now })) throw new SlotsTakenMeanwhile();
    });
    return true;
  } catch (error) {
    if (error instanceof SlotsTakenMeanwhile) return false;
    throw error;
  }
}

/** Pays an order (its tax invoice is issued, the payment e-mail is queued, its pending bookings are created, its tests leave the cart when it came from there) through `move`. */
async function payOrder(tx: Transaction, order: Order, move: Extract<OrderMove, "pay" | "payAfterHoldExpired">) {
  const paid = await transitionOrder(tx, order.id, move, PAYMENT);
  if (paid.status !== "changed") return false;
  // The tax invoice, in the payment's transaction (issue 29): before the e-mail, which attaches it.
  await issueInvoice(tx, order.id);
  await notifyPaymentReceived(tx, order.id);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const details = {
    patientName: order.customerName,
    patientEmail: order.customerEmail,
    patientPhone: order.customerPhone,
    notes: order.notes,
    scheduledDate: order.scheduledDate ?? todayInDubai(),
    scheduledTime: order.scheduledTime ?? DEFAULT_BOOKING_TIME,
  };
  // The saved patients of the units, as they are now (one deleted meanwhile is the details form's patient).
  const patients = await savedPatientsByIds(
    order.userId,
    items.flatMap((item) => item.patientIds ?? []),
    tx,
  );
  await insertBookings(tx, bookingsForOrderItems(order, items, details, patients), PAYMENT);
  if (order.placedFrom === "cart") {
    await removeOrderedTests(
      tx,
      order.userId,
      items.map((item) => item.testId),
    );
  }
  return true;
}

/**
 * Marks the order of a paid checkout session as paid and creates its bookings, EXACTLY ONCE,
 * and only while the order is OPEN: the order row is locked and the bookings share the
 * transaction, so however many confirmations arrive (return page, refresh, webhook,
 * concurrently) only one creates bookings. A payment for a card order whose slot hold expired
 * holds its slots again and is booked when they are all still free; otherwise, and for an order
 * closed meanwhile (cancelled, superseded, expired), it is recorded and refunded through the
 * provider instead, once (reason slot_unavailable or late_payment). With
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
    if (orderIsOpen(order)) return { orderId: order.id, newlyPaid: await payOrder(tx, order, "pay"), refund: null };
    // Paid after its slot hold expired: booked after all when every slot is still free.
    if (order.paymentStatus === "pending" && (await reholdExpiredOrder(tx, order))) {
      return { orderId: order.id, newlyPaid: await payOrder(tx, order, "payAfterHoldExpired"), refund: null };
    }
    const reason: LatePaymentReason = order.orderStatus === "expired" && order.slotsReleasedAt ? "slot_unavailable" : "late_payment";
    return { orderId: order.id, newlyPaid: false, refund: await recordLatePayment(tx, order, session, reason) };
  });
  if (outcome.refund) await refundThroughProvider(provider, outcome.refund, session);
  return {
    orderId: outcome.orderId,
    newlyPaid: outcome.newlyPaid,
    refunded: outcome.refund !== null,
    // A refund recorded here is always a late payment's (recordLatePayment).
    refundReason: (outcome.refund?.reason as LatePaymentReason | undefined) ?? null,
  };
}

/** The payment return page: ask the provider about the session, then mark it paid once. */
export async function confirmPayment(provider: CardProvider, sessionId: string, userId: string) {
  return markSessionPaid(provider, await provider.retrieveSession(sessionId), userId);
}
