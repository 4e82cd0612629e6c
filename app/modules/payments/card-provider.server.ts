import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "~/db/db.server";
import { demoPaymentSessions } from "~/db/schema";
import { getEnv, type Env } from "~/utils/env.server";

export type CheckoutLine = { name: string; unitAmountFils: number; quantity: number };

export type NewCheckoutSession = {
  orderId: string;
  userId: string;
  customerEmail: string;
  lines: CheckoutLine[];
  amountFils: number;
};

/** What confirmation needs to know about a hosted-checkout session. */
export type CheckoutSessionState = {
  id: string;
  paid: boolean;
  orderId: string | null;
  amountFils: number | null;
};

/** A card payment provider with a hosted checkout page (Stripe, or the built-in demo). */
export type CardProvider = {
  name: "stripe" | "demo";
  createSession: (input: NewCheckoutSession) => Promise<{ id: string; url: string }>;
  retrieveSession: (sessionId: string) => Promise<CheckoutSessionState>;
};

export class PaymentsUnavailableError extends Error {}

export function successUrl(env: Env) {
  return `${env.siteUrl}/payment-success?success=true&session_id={CHECKOUT_SESSION_ID}`;
}

export function cancelUrl(env: Env) {
  return `${env.siteUrl}/payment-success?canceled=true`;
}

/** The Stripe SDK, pointed at STRIPE_API_URL when a test runs a local fake of the API. */
export function stripeClient(env: Env = getEnv()): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new PaymentsUnavailableError("STRIPE_SECRET_KEY is not set");
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === "https:" ? 443 : 80),
      protocol: api.protocol === "https:" ? "https" : "http",
    }),
  });
}

export function stripeProvider(env: Env = getEnv()): CardProvider {
  const stripe = stripeClient(env);
  return {
    name: "stripe",
    async createSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "aed",
          customer_email: input.customerEmail,
          client_reference_id: input.orderId,
          metadata: { order_id: input.orderId, user_id: input.userId },
          line_items: input.lines.map((line) => ({
            quantity: line.quantity,
            price_data: { currency: "aed", unit_amount: line.unitAmountFils, product_data: { name: line.name } },
          })),
          success_url: successUrl(env),
          cancel_url: cancelUrl(env),
        },
        { idempotencyKey: `checkout-session-${input.orderId}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { id: session.id, url: session.url };
    },
    async retrieveSession(sessionId) {
      return stripeSessionState(await stripe.checkout.sessions.retrieve(sessionId));
    },
  };
}

export function stripeSessionState(session: Stripe.Checkout.Session): CheckoutSessionState {
  return {
    id: session.id,
    paid: session.payment_status === "paid",
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    amountFils: session.amount_total,
  };
}

/**
 * The built-in demo provider: a hosted-checkout page of our own (/demo-checkout/{id}) whose
 * sessions live in the database, so any app process can serve the return.
 */
export function demoProvider(env: Env = getEnv()): CardProvider {
  return {
    name: "demo",
    async createSession(input) {
      const id = `demo_cs_${randomBytes(18).toString("base64url")}`;
      await db.insert(demoPaymentSessions).values({ id, orderId: input.orderId, amountFils: input.amountFils });
      return { id, url: `${env.siteUrl}/demo-checkout/${id}` };
    },
    async retrieveSession(sessionId) {
      const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, sessionId));
      if (!session) throw new Error("No such demo checkout session");
      return { id: session.id, paid: session.status === "paid", orderId: session.orderId, amountFils: session.amountFils };
    },
  };
}

/** Settles an open demo session as paid or canceled (the demo page's Pay and Cancel buttons). */
export async function settleDemoSession(sessionId: string, outcome: "paid" | "canceled") {
  const [session] = await db
    .update(demoPaymentSessions)
    .set({ status: outcome })
    .where(and(eq(demoPaymentSessions.id, sessionId), eq(demoPaymentSessions.status, "open")))
    .returning();
  return session ?? null;
}

export async function openDemoSession(sessionId: string) {
  const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, sessionId));
  return session ?? null;
}

/** Stripe when a secret key is configured; otherwise the demo provider, where it is allowed. */
export function cardProvider(env: Env = getEnv()): CardProvider {
  if (env.STRIPE_SECRET_KEY) return stripeProvider(env);
  if (env.demoPayments) return demoProvider(env);
  throw new PaymentsUnavailableError("Card payments are not configured (set STRIPE_SECRET_KEY)");
}
