import { data } from "react-router";
import type { Route } from "./+types/api.stripe-webhook";
import { handleStripeWebhook } from "~/modules/payments/stripe-webhook.server";
import { getEnv } from "~/utils/env.server";
import { readText } from "~/utils/request-body.server";

/** POST /api/stripe/webhook: Stripe's signed events (raw body, Stripe-Signature header). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const outcome = await handleStripeWebhook(getEnv(), await readText(request), request.headers.get("stripe-signature"));
  return data(outcome.status === 200 ? { received: true } : { error: outcome.message }, { status: outcome.status });
}
