import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings, cartItems, orders, tests } from "~/db/schema";
import { changeCart } from "~/modules/cart/cart.server";
import { parseEnv } from "~/utils/env.server";
import { startFakeStripeApi } from "../../../tests/fakes/stripe-api";
import { cardProvider, demoProvider, settleDemoSession, stripeProvider } from "~/modules/payments/card-provider.server";
import { confirmPayment, PaymentConfirmationError } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { handleStripeWebhook } from "~/modules/payments/stripe-webhook.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

// The real SDK talks to a local fake of the Stripe API on 127.0.0.1.
const fake = await startFakeStripeApi();
const WEBHOOK_SECRET = "whsec_test_commerce_secret";
afterAll(() => fake.close());

const env = () =>
  parseEnv({
    NODE_ENV: "test",
    SITE_URL: "http://localhost:3999",
    STRIPE_SECRET_KEY: "sk_test_fake_commerce",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });

const details = patientDetails("Sara Ali", { notes: "Morning please", scheduledTime: "08:30" });

async function customerWithCart() {
  const customer = await createAccount(db);
  const a = await insertTest(db, { priceFils: 25_000, name: `Vitamin D ${crypto.randomUUID().slice(0, 6)}` });
  const b = await insertTest(db, { priceFils: 9_950 });
  await changeCart(customer.id, { intent: "add", testId: a.id, quantity: 2 });
  await changeCart(customer.id, { intent: "add", testId: b.id, quantity: 1 });
  return { customer, a, b };
}


describe("card payment through Stripe (real SDK, local fake API)", () => {
  it("creates a pending order and an AED Checkout Session priced from the database", async () => {
    const { customer, a } = await customerWithCart();
    await db.update(tests).set({ priceFils: 26_000 }).where(eq(tests.id, a.id));
    const { orderId, url } = await startCardPayment(stripeProvider(env()), customer.id, details);

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentMethod: "stripe", paymentStatus: "pending", totalAmountFils: 2 * 26_000 + 9_950 });
    const session = fake.sessions.get(order.paymentSessionId!)!;
    expect(url).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: order.totalAmountFils,
      client_reference_id: orderId,
      metadata: { order_id: orderId, user_id: customer.id },
      success_url: "http://localhost:3999/payment-success?success=true&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3999/payment-success?canceled=true",
    });
    expect(session.line_items.every((line) => line.currency === "aed")).toBe(true);
    expect(fake.requests.at(-1)?.idempotencyKey).toBe(`checkout-session-${orderId}`);
    // Not paid yet: no bookings, the cart is kept.
    expect(await db.select().from(bookings)).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toHaveLength(2);
  });

  it("refuses to confirm an unpaid session or another customer's session", async () => {
    const { customer } = await customerWithCart();
    const stranger = await createAccount(db);
    const provider = stripeProvider(env());
    const { orderId } = await startCardPayment(provider, customer.id, details);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    await expect(confirmPayment(provider, order.paymentSessionId!, customer.id)).rejects.toBeInstanceOf(
      PaymentConfirmationError,
    );
    fake.completeSession(order.paymentSessionId!);
    await expect(confirmPayment(provider, order.paymentSessionId!, stranger.id)).rejects.toBeInstanceOf(
      PaymentConfirmationError,
    );
    const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(after.paymentStatus).toBe("pending");
    expect(await db.select().from(bookings)).toEqual([]);
  });

  it("confirming one payment 20 times concurrently, then twice more, yields one paid order and one set of bookings", async () => {
    const { customer } = await customerWithCart();
    const provider = stripeProvider(env());
    const { orderId } = await startCardPayment(provider, customer.id, details);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    fake.completeSession(order.paymentSessionId!);

    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => confirmPayment(provider, order.paymentSessionId!, customer.id)),
    );
    expect(concurrent.filter((result) => result.newlyPaid)).toHaveLength(1);
    const again = await confirmPayment(provider, order.paymentSessionId!, customer.id);
    const refresh = await confirmPayment(provider, order.paymentSessionId!, customer.id);
    expect([again.newlyPaid, refresh.newlyPaid]).toEqual([false, false]);

    const [paid] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ paymentStatus: "paid", orderStatus: "confirmed" });
    expect(paid.paidAt).not.toBeNull();
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toHaveLength(2);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toEqual([]);
  });

  it("20 concurrent first confirmations (return page and webhook racing) still pay once", async () => {
    const { customer } = await customerWithCart();
    const provider = stripeProvider(env());
    const { orderId } = await startCardPayment(provider, customer.id, details);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const session = fake.completeSession(order.paymentSessionId!);
    const payload = JSON.stringify({
      id: "evt_test_race",
      object: "event",
      type: "checkout.session.completed",
      data: { object: session },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => confirmPayment(provider, session.id, customer.id)),
      ...Array.from({ length: 10 }, () => handleStripeWebhook(env(), payload, header)),
    ]);
    expect(results.slice(10)).toEqual(Array.from({ length: 10 }, () => ({ status: 200, message: "received" })));
    const [paid] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid.paymentStatus).toBe("paid");
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toHaveLength(2);
  });

  it("the Stripe webhook verifies the signature and confirms checkout.session.completed", async () => {
    const { customer } = await customerWithCart();
    const { orderId } = await startCardPayment(stripeProvider(env()), customer.id, details);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const session = fake.completeSession(order.paymentSessionId!);
    const payload = JSON.stringify({ id: "evt_test_1", object: "event", type: "checkout.session.completed", data: { object: session } });
    const call = (header: string) => handleStripeWebhook(env(), payload, header);

    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await call(forged)).status).toBe(400);
    expect((await call("")).status).toBe(400);
    const [stillPending] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(stillPending.paymentStatus).toBe("pending");

    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await call(header)).toEqual({ status: 200, message: "received" });
    expect(await call(header)).toMatchObject({ status: 200 });
    const [paid] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid.paymentStatus).toBe("paid");
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toHaveLength(2);
  });
});

describe("demo card provider", () => {
  const demoEnv = (overrides: Record<string, string> = {}) =>
    parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999", ...overrides });

  it("runs the same flow with a hosted page of our own and confirms exactly once", async () => {
    const { customer } = await customerWithCart();
    const provider = cardProvider(demoEnv());
    expect(provider.name).toBe("demo");
    const { orderId, url } = await startCardPayment(provider, customer.id, details);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(url).toBe(`http://localhost:3999/demo-checkout/${order.paymentSessionId}`);
    await expect(confirmPayment(provider, order.paymentSessionId!, customer.id)).rejects.toBeInstanceOf(
      PaymentConfirmationError,
    );
    expect(await settleDemoSession(order.paymentSessionId!, "paid")).toMatchObject({ status: "paid" });
    expect(await settleDemoSession(order.paymentSessionId!, "canceled")).toBeNull();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => confirmPayment(demoProvider(demoEnv()), order.paymentSessionId!, customer.id)),
    );
    expect(results.filter((result) => result.newlyPaid)).toHaveLength(1);
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toHaveLength(2);
  });

  it("is refused in production on a database server unless explicitly enabled", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: "x".repeat(32), RESULTS_ENCRYPTION_KEY: "ab".repeat(32) };
    expect(() => cardProvider(demoEnv(production))).toThrow(/not configured/);
    expect(cardProvider(demoEnv({ ...production, ENABLE_DEMO_PAYMENTS: "true" })).name).toBe("demo");
  });
});
