import { and, eq, ne } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { orders, paymentRefunds } from "~/db/schema";
import { issueCreditNote, issueInvoice } from "~/modules/invoices/issue-invoice.server";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { getEnv, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { providerForSession, type CardProvider, type CheckoutSessionState } from "~/modules/payments/card-provider.server";
import type { LatePaymentReason, RefundReason } from "~/modules/lifecycle/payment-status";

export type { LatePaymentReason };

export type Refund = typeof paymentRefunds.$inferSelect;

/** The background job that asks the provider again for a booking refund that has not succeeded. */
export const REFUND_PAYMENT_JOB = "refund-payment";
export type RefundPaymentPayload = { refundId: string };
/** The change's own request normally refunds first; the job is the safety net after a failure or a crash. */
const REFUND_RETRY_DELAY_MS = 30_000;

export type BookingRefundReason = Extract<RefundReason, "booking_cancelled" | "reschedule_difference" | "lab_cancelled" | "no_show">;

/**
 * Records money to give back for a change to a card-paid booking (a cancellation by the customer
 * or the lab, a no-show, or a move to a lab that charges less), in the change's transaction, with a retry job beside it: the
 * provider is asked after the commit (refundBookingPayment), and the job asks again until it
 * succeeds. The idempotency key names the change, so a replayed change records nothing new and
 * the provider refunds once.
 */
export async function recordBookingRefund(
  tx: Transaction,
  refund: { orderId: string; bookingId: string; paymentSessionId: string | null; amountFils: number; reason: BookingRefundReason; idempotencyKey: string },
): Promise<Refund> {
  await tx
    .insert(paymentRefunds)
    .values({
      orderId: refund.orderId,
      bookingId: refund.bookingId,
      paymentSessionId: refund.paymentSessionId,
      amountFils: refund.amountFils,
      reason: refund.reason,
      idempotencyKey: refund.idempotencyKey,
    })
    .onConflictDoNothing({ target: paymentRefunds.idempotencyKey });
  const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, refund.idempotencyKey));
  // Every refund corrects the order's tax invoice with a credit note (issue 29), once per refund.
  await issueCreditNote(tx, row);
  await enqueueJob(tx, REFUND_PAYMENT_JOB, { refundId: row.id } satisfies RefundPaymentPayload, {
    dedupeKey: `refund:${row.idempotencyKey}`,
    runAt: new Date(Date.now() + REFUND_RETRY_DELAY_MS),
    maxAttempts: 10,
  });
  return row;
}

/**
 * Asks the provider of the order's checkout session for a recorded refund, unless it already
 * succeeded. Throws when the provider fails (the row is then `failed`), so the retry job backs off
 * and tries again with the same idempotency key.
 */
export async function refundRecordedPayment(refundId: string, env: Env = getEnv()) {
  const [row] = await db
    .select({ refund: paymentRefunds, orderSessionId: orders.paymentSessionId })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .where(eq(paymentRefunds.id, refundId));
  if (!row || row.refund.status === "succeeded") return;
  const sessionId = row.refund.paymentSessionId ?? row.orderSessionId;
  if (!sessionId) throw new Error(`Refund ${refundId} names no checkout session`);
  const provider = providerForSession(sessionId, env);
  let session: CheckoutSessionState;
  try {
    session = await provider.retrieveSession(sessionId);
  } catch (error) {
    await markRefundFailed(row.refund, error);
    throw error;
  }
  await refundThroughProvider(provider, row.refund, session);
}

/**
 * The change's own attempt, right after its commit: a failure is logged and left to the retry
 * job, so the customer's change stands either way. True when the refund went through.
 */
export async function tryRefundNow(refund: Refund | null, env: Env = getEnv()): Promise<boolean> {
  if (!refund) return false;
  try {
    await refundRecordedPayment(refund.id, env);
    return true;
  } catch (error) {
    logger.warn({ err: error, refundId: refund.id }, "refund left to the retry job");
    return false;
  }
}

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
  // The money was received, so it is invoiced, and the refund credits all of it (decision 0066).
  await issueInvoice(tx, order.id);
  await issueCreditNote(tx, refund);
  return refund;
}

/**
 * Asks the provider for a recorded refund that has not succeeded yet. The provider gets the
 * same idempotency key on every attempt, so a retry (the next webhook delivery, or the refund
 * job) never refunds twice. A failure is kept on the row and rethrown, so the webhook answers an
 * error and Stripe delivers it again (or the job backs off).
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
    await markRefundFailed(refund, error);
    throw error;
  }
}

/** Keeps a provider failure on the refund row (unless another attempt succeeded meanwhile). */
async function markRefundFailed(refund: Refund, error: unknown) {
  logger.error({ err: error, refundId: refund.id, orderId: refund.orderId, reason: refund.reason }, "refunding a payment failed");
  await db
    .update(paymentRefunds)
    .set({ status: "failed", lastError: error instanceof Error ? error.message : String(error) })
    .where(and(eq(paymentRefunds.id, refund.id), ne(paymentRefunds.status, "succeeded")));
}
