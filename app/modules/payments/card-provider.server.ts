import { createHash, randomBytes } from "node:crypto";
import { and, eq, exists, ne, sql } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "~/db/db.server";
import { demoPaymentSessions, orders, paymentRefunds } from "~/db/schema";
import { isOpenOrder } from "~/modules/lifecycle/open-order.server";
import { orderIsOpen } from "~/modules/lifecycle/order-status";
import type { DemoSessionStatus } from "~/modules/lifecycle/payment-status";
import { getEnv, type Env } from "~/utils/env.server";
import { currentSiteUrl } from "~/utils/site-url.server";
import { localizePath, type Language } from "~/i18n/languages";

export type CheckoutLine = { name: string; unitAmountFils: number; quantity: number };

export type NewCheckoutSession = {
  orderId: string;
  userId: string;
  customerEmail: string;
  lines: CheckoutLine[];
  amountFils: number;
  /** The language of the checkout page: the card page returns to the payment return page in it. */
  language?: Language;
};

/** What confirmation needs to know about a hosted-checkout session. */
export type CheckoutSessionState = {
  id: string;
  paid: boolean;
  orderId: string | null;
  amountFils: number | null;
  /** What a refund names: Stripe's payment intent; the session itself for the demo provider. */
  paymentId: string | null;
};

export type RefundRequest = { session: CheckoutSessionState; amountFils: number; idempotencyKey: string };

/** A card payment provider with a hosted checkout page (Stripe, or the built-in demo). */
export type CardProvider = {
  name: "stripe" | "demo";
  createSession: (input: NewCheckoutSession) => Promise<{ id: string; url: string }>;
  retrieveSession: (sessionId: string) => Promise<CheckoutSessionState>;
  /**
   * Makes the session unpayable (its order was closed) and returns its state: `paid` when the
   * customer completed it first, in which case that payment must be refunded.
   */
  closeSession: (sessionId: string) => Promise<CheckoutSessionState>;
  /** Gives the payment back; the idempotency key makes a retry refund once. */
  refund: (request: RefundRequest) => Promise<{ id: string }>;
};

export class PaymentsUnavailableError extends Error {}

const DEMO_SESSION_PREFIX = "demo_cs_";

/** Where the card page sends the customer after paying: the payment return page in the checkout's language. */
export function successUrl(env: Env, language: Language = "en") {
  return `${currentSiteUrl(env)}${localizePath("/payment-success", language)}?success=true&session_id={CHECKOUT_SESSION_ID}`;
}

/** Where the card page's Cancel returns: the payment return page in the checkout's language (issue 26: it dropped /ar). */
export function cancelUrl(env: Env, language: Language = "en") {
  return `${currentSiteUrl(env)}${localizePath(returnPaths.canceled, language)}`;
}

/** The payment return page's addresses, in English; localizePath gives their Arabic twins. */
export const returnPaths = {
  canceled: "/payment-success?canceled=true",
  paid: (sessionId: string) => `/payment-success?success=true&session_id=${encodeURIComponent(sessionId)}`,
} as const;

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
          success_url: successUrl(env, input.language),
          cancel_url: cancelUrl(env, input.language),
        },
        { idempotencyKey: `checkout-session-${input.orderId}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { id: session.id, url: session.url };
    },
    async retrieveSession(sessionId) {
      return stripeSessionState(await stripe.checkout.sessions.retrieve(sessionId));
    },
    async closeSession(sessionId) {
      try {
        return stripeSessionState(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Only open sessions can be expired: an expired or completed one says which it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return stripeSessionState(await stripe.checkout.sessions.retrieve(sessionId));
      }
    },
    async refund({ session, amountFils, idempotencyKey }) {
      if (!session.paymentId) throw new Error(`Checkout session ${session.id} has no payment intent to refund`);
      const refund = await stripe.refunds.create({ payment_intent: session.paymentId, amount: amountFils }, { idempotencyKey });
      return { id: refund.id };
    },
  };
}

export function stripeSessionState(session: Stripe.Checkout.Session): CheckoutSessionState {
  return {
    id: session.id,
    paid: session.payment_status === "paid",
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    amountFils: session.amount_total,
    paymentId: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
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
      const id = `${DEMO_SESSION_PREFIX}${randomBytes(18).toString("base64url")}`;
      await db.insert(demoPaymentSessions).values({ id, orderId: input.orderId, amountFils: input.amountFils });
      return { id, url: `${currentSiteUrl(env)}/demo-checkout/${id}` };
    },
    retrieveSession: demoSessionState,
    async closeSession(sessionId) {
      await db
        .update(demoPaymentSessions)
        .set({ status: "expired" })
        .where(and(eq(demoPaymentSessions.id, sessionId), eq(demoPaymentSessions.status, "open")));
      return demoSessionState(sessionId);
    },
    async refund({ session, amountFils, idempotencyKey }) {
      // Like Stripe: one refund per idempotency key, several partial ones per payment, never more than was paid.
      const id = `demo_re_${createHash("sha256").update(idempotencyKey).digest("base64url").slice(0, 24)}`;
      return db.transaction(async (tx) => {
        const [paid] = await tx.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, session.id)).for("update");
        if (paid?.status !== "paid" && paid?.status !== "refunded") throw new Error(`Demo checkout session ${session.id} was not paid`);
        const [others] = await tx
          .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amountFils}), 0)`.mapWith(Number) })
          .from(paymentRefunds)
          .where(
            and(
              eq(paymentRefunds.paymentSessionId, session.id),
              eq(paymentRefunds.status, "succeeded"),
              ne(paymentRefunds.idempotencyKey, idempotencyKey),
            ),
          );
        const refunded = others.total + amountFils;
        if (refunded > paid.amountFils) throw new Error(`Demo checkout session ${session.id} has already been refunded`);
        if (refunded === paid.amountFils) {
          await tx.update(demoPaymentSessions).set({ status: "refunded" }).where(eq(demoPaymentSessions.id, session.id));
        }
        return { id };
      });
    },
  };
}

async function demoSessionState(sessionId: string): Promise<CheckoutSessionState> {
  const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, sessionId));
  if (!session) throw new Error("No such demo checkout session");
  return {
    id: session.id,
    // A refunded session was paid: confirming it again finds the refund already recorded.
    paid: session.status === "paid" || session.status === "refunded",
    orderId: session.orderId,
    amountFils: session.amountFils,
    paymentId: session.id,
  };
}

/**
 * The demo page's Pay and Cancel buttons: settles an open session; Pay only while its order is
 * open. Null when nothing was settled. The page checks first that the session is the customer's.
 */
export async function settleDemoSession(sessionId: string, outcome: Extract<DemoSessionStatus, "paid" | "canceled">) {
  const payable = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, demoPaymentSessions.orderId), isOpenOrder()));
  const [session] = await db
    .update(demoPaymentSessions)
    .set({ status: outcome })
    .where(
      and(
        eq(demoPaymentSessions.id, sessionId),
        eq(demoPaymentSessions.status, "open"),
        ...(outcome === "paid" ? [exists(payable)] : []),
      ),
    )
    .returning();
  return session ?? null;
}

/** The customer's own demo session (null for an unknown id or another customer's session). */
export async function findDemoSession(sessionId: string, userId: string) {
  const [row] = await db
    .select({ session: demoPaymentSessions, order: { paymentStatus: orders.paymentStatus, orderStatus: orders.orderStatus, language: orders.language } })
    .from(demoPaymentSessions)
    .innerJoin(orders, eq(orders.id, demoPaymentSessions.orderId))
    .where(and(eq(demoPaymentSessions.id, sessionId), eq(orders.userId, userId)));
  return row ? { ...row.session, orderOpen: orderIsOpen(row.order), language: row.order.language ?? "en" } : null;
}

/** The provider that issued a session: demo ids carry their own prefix, every other one is Stripe's. */
export function providerForSession(sessionId: string, env: Env = getEnv()): CardProvider {
  return sessionId.startsWith(DEMO_SESSION_PREFIX) ? demoProvider(env) : stripeProvider(env);
}

/** Stripe when a secret key is configured; otherwise the demo provider, where it is allowed. */
export function cardProvider(env: Env = getEnv()): CardProvider {
  if (env.STRIPE_SECRET_KEY) return stripeProvider(env);
  if (env.demoPayments) return demoProvider(env);
  throw new PaymentsUnavailableError("Card payments are not configured (set STRIPE_SECRET_KEY)");
}
