import { data } from "react-router";
import type Stripe from "stripe";
import type { Route } from "./+types/api.stripe-webhook";
import { stripeClient, stripeSessionState } from "~/modules/payments/card-provider.server";
import { markSessionPaid, PaymentConfirmationError } from "~/modules/payments/confirm-payment.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/** POST /api/stripe/webhook: Stripe's signed events; checkout.session.completed confirms payment. */
export async function action({ request }: Route.ActionArgs) {
  const env = getEnv();
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    return data({ error: "Stripe webhooks are not configured" }, { status: 503 });
  }
  const signature = request.headers.get("stripe-signature");
  const body = await request.text();
  let event: Stripe.Event;
  try {
    event = stripeClient(env).webhooks.constructEvent(body, signature ?? "", env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return data({ error: "Invalid signature" }, { status: 400 });
  }
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = stripeSessionState(event.data.object);
    if (session.paid) {
      try {
        await markSessionPaid(session);
      } catch (error) {
        if (!(error instanceof PaymentConfirmationError)) throw error;
        logger.warn({ err: error, sessionId: session.id }, "webhook for a session we cannot confirm");
      }
    }
  }
  return { received: true };
}
