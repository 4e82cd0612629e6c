import { and, eq, ne } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { paymentRefunds } from "~/db/schema";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { logger } from "~/utils/logger.server";
import type { CardProvider, CheckoutSessionState } from "~/modules/payments/card-provider.server";
import type { LatePaymentReason } from "~/modules/payments/payment-status";

export type { LatePaymentReason };

type Refund = typeof paymentRefunds.$inferSelect;

/**
 * A payment arrived for an order that was closed meanwhile (cancelled, superseded, expired):
 * it is recorded for refunding, once per checkout session, and the order shows it as refunded.
 * Also a card payment that arrived after its slot hold expired, when a slot was taken meanwhile
 * (reason slot_unavailable). Runs in the confirmation's transaction, with the order row locked.
 */
export async function recordLatePayment(
  tx: Transaction,
  order: { id: string; totalAmountFils: number },
  session: CheckoutSessionState,
  reason: LatePaymentReason = "late_payment",
): Promise<Refund> {
  const idempotencyKey = `late-payment-${session.id}`;
  // Already "refunded" when this payment was confirmed before: the move is then refused, and nothing changes.
  await transitionOrder(tx, order.id, "refundLatePayment", { kind: "payment" });
  await tx
    .insert(paymentRefunds)
    .values({
      orderId: order.id,
      amountFils: session.amountFils ?? order.totalAmountFils,
      reason,
      paymentSessionId: session.id,
      idempotencyKey,
    })
    .onConflictDoNothing({ target: paymentRefunds.idempotencyKey });
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, idempotencyKey));
  return refund;
}

/**
 * Asks the provider for a recorded refund that has not succeeded yet. The provider gets the
 * same idempotency key on every attempt, so a retry (the next webhook delivery) never refunds
 * twice. A failure is kept on the row and rethrown, so the webhook answers an error and Stripe
 * delivers it again.
 */
export async function refundThroughProvider(provider: CardProvider, refund: Refund, session: CheckoutSessionState) {
  if (refund.status === "succeeded") return;
  try {
    const { id } = await provider.refund({ session, amountFils: refund.amountFils, idempotencyKey: refund.idempotencyKey });
    await db
      .update(paymentRefunds)
      .set({ status: "succeeded", providerRefundId: id, lastError: null })
      .where(eq(paymentRefunds.id, refund.id));
  } catch (error) {
    logger.error({ err: error, refundId: refund.id, orderId: refund.orderId }, "refunding a late payment failed");
    await db
      .update(paymentRefunds)
      .set({ status: "failed", lastError: error instanceof Error ? error.message : String(error) })
      .where(and(eq(paymentRefunds.id, refund.id), ne(paymentRefunds.status, "succeeded")));
    throw error;
  }
}
