import type Stripe from "stripe";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { stripeClient, stripeProvider, stripeSessionState } from "~/modules/payments/card-provider.server";
import { markSessionPaid, PaymentConfirmationError } from "~/modules/payments/confirm-payment.server";

export type WebhookOutcome = { status: 200 | 400 | 503; message: string };

/**
 * A signed Stripe event: the signature is checked over the raw body with STRIPE_WEBHOOK_SECRET;
 * a completed (paid) checkout session confirms its order through the same exactly-once path
 * as the return page (which refunds a payment for an order closed meanwhile). An unexpected
 * failure, a refund Stripe refused included, propagates: the 500 makes Stripe deliver again.
 */
export async function handleStripeWebhook(env: Env, rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    return { status: 503, message: "Stripe webhooks are not configured" };
  }
  let event: Stripe.Event;
  try {
    event = stripeClient(env).webhooks.constructEvent(rawBody, signature ?? "", env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return { status: 400, message: "Invalid signature" };
  }
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = stripeSessionState(event.data.object);
    if (session.paid) {
      try {
        await markSessionPaid(stripeProvider(env), session);
      } catch (error) {
        if (!(error instanceof PaymentConfirmationError)) throw error;
        logger.warn({ err: error, sessionId: session.id }, "webhook for a session we cannot confirm");
      }
    }
  }
  return { status: 200, message: "received" };
}
