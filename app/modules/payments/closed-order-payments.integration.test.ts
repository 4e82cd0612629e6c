import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings, demoPaymentSessions, orders, paymentRefunds } from "~/db/schema";
import { todayInDubai } from "~/utils/dubai-date";
import { changeCart } from "~/modules/cart/cart.server";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { loader as adminDashboardLoader } from "~/routes/admin/dashboard";
import { action as demoCheckoutAction, loader as demoCheckoutLoader } from "~/routes/demo-checkout";
import { parseEnv } from "~/utils/env.server";
import { startFakeStripeApi } from "../../../tests/fakes/stripe-api";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { demoProvider, stripeProvider } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { handleStripeWebhook } from "~/modules/payments/stripe-webhook.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

const fake = await startFakeStripeApi();
const WEBHOOK_SECRET = "whsec_test_closed_orders";
afterAll(() => fake.close());

const stripeEnv = () =>
  parseEnv({
    NODE_ENV: "test",
    SITE_URL: "http://localhost:3999",
    STRIPE_SECRET_KEY: "sk_test_fake_closed_orders",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
const demoEnv = () => parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });

const details = patientDetails("Sara Ali", { scheduledTime: "08:30" });

async function customerWithCart() {
  const customer = await createAccount(db);
  const test = await insertTest(db, { priceFils: 25_000 });
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
  return customer;
}

async function orderRow(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

function webhookDelivery(session: unknown) {
  const payload = JSON.stringify({ id: "evt_test_late", object: "event", type: "checkout.session.completed", data: { object: session } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return () => handleStripeWebhook(stripeEnv(), payload, header);
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

describe("a cancelled or superseded order cannot be paid (Stripe)", () => {
  it("cancelling an order expires its Checkout Session, so it can no longer be paid", async () => {
    const customer = await customerWithCart();
    const { orderId } = await startCardPayment(stripeProvider(stripeEnv()), customer.id, details, stripeEnv());
    const { paymentSessionId } = await orderRow(orderId);

    expect(await cancelOrder(customer.id, orderId, stripeEnv())).toBe("cancelled");
    expect(fake.sessions.get(paymentSessionId!)?.status).toBe("expired");
    expect(() => fake.completeSession(paymentSessionId!)).toThrow(/expired/);
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([]);
  });

  it("an order replaced by a resumed one has its Checkout Session expired", async () => {
    const customer = await customerWithCart();
    const env = stripeEnv();
    const { orderId } = await startCardPayment(stripeProvider(env), customer.id, details, env);
    const { paymentSessionId } = await orderRow(orderId);
    expect(await resumeOrder(customer.id, orderId, todayInDubai(), env)).toBe("loaded");

    const { orderId: replacement } = await startCardPayment(stripeProvider(env), customer.id, details, env);
    expect((await orderRow(orderId)).orderStatus).toBe("cancelled");
    expect(fake.sessions.get(paymentSessionId!)?.status).toBe("expired");
    expect((await orderRow(replacement)).orderStatus).toBe("pending");
  });

  it("a payment completed just before the cancel is refunded once, not booked, however often the webhook arrives", async () => {
    const customer = await customerWithCart();
    const env = stripeEnv();
    const { orderId } = await startCardPayment(stripeProvider(env), customer.id, details, env);
    const order = await orderRow(orderId);
    const paid = fake.completeSession(order.paymentSessionId!);

    expect(await cancelOrder(customer.id, orderId, env)).toBe("cancelled");
    const deliver = webhookDelivery(paid);
    expect(await deliver()).toEqual({ status: 200, message: "received" });
    expect(await deliver()).toEqual({ status: 200, message: "received" });
    // The customer's browser comes back from Stripe too.
    expect(await confirmPayment(stripeProvider(env), order.paymentSessionId!, customer.id)).toMatchObject({
      newlyPaid: false,
      refunded: true,
    });

    expect([...fake.refunds.values()]).toEqual([
      expect.objectContaining({ payment_intent: paid.payment_intent, amount: order.totalAmountFils }),
    ]);
    const refunds = await db.select().from(paymentRefunds);
    expect(refunds).toEqual([
      expect.objectContaining({
        orderId,
        amountFils: 50_000,
        reason: "late_payment",
        status: "succeeded",
        providerRefundId: [...fake.refunds.values()][0].id,
      }),
    ]);
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded" });
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([]);
  });

  it("when Stripe is unreachable during the cancel, the webhook records and refunds the late payment once", async () => {
    const customer = await customerWithCart();
    const env = stripeEnv();
    const { orderId } = await startCardPayment(stripeProvider(env), customer.id, details, env);
    const paid = fake.completeSession((await orderRow(orderId)).paymentSessionId!);

    fake.failNextRequests(3); // the request and the SDK's two retries
    expect(await cancelOrder(customer.id, orderId, env)).toBe("cancelled");
    fake.failNextRequests(0);
    expect(await db.select().from(paymentRefunds)).toEqual([]);

    const deliver = webhookDelivery(paid);
    const deliveries = await Promise.all([deliver(), deliver()]);
    expect(deliveries.map((outcome) => outcome.status)).toEqual([200, 200]);
    expect(await deliver()).toMatchObject({ status: 200 });

    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(await db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId))).toEqual([
      expect.objectContaining({ status: "succeeded", idempotencyKey: `late-payment-${paid.id}` }),
    ]);
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([]);
  }, 30_000);

  it("a refund Stripe cannot make is kept as failed, answered 500 so Stripe redelivers, and made on the next delivery", async () => {
    const customer = await customerWithCart();
    const env = stripeEnv();
    const { orderId } = await startCardPayment(stripeProvider(env), customer.id, details, env);
    const paid = fake.completeSession((await orderRow(orderId)).paymentSessionId!);
    fake.failNextRequests(3);
    await cancelOrder(customer.id, orderId, env);

    const deliver = webhookDelivery(paid);
    fake.failNextRequests(3);
    await expect(deliver()).rejects.toThrow();
    fake.failNextRequests(0);
    expect(await db.select().from(paymentRefunds)).toEqual([expect.objectContaining({ status: "failed" })]);

    expect(await deliver()).toMatchObject({ status: 200 });
    expect(await db.select().from(paymentRefunds)).toEqual([expect.objectContaining({ status: "succeeded", lastError: null })]);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paid.payment_intent)).toHaveLength(1);
  }, 30_000);
});

describe("a cancelled order cannot be paid (demo provider)", () => {
  it("the demo card page refuses to pay a session whose order was cancelled", async () => {
    const customer = await customerWithCart();
    const { orderId } = await startCardPayment(demoProvider(demoEnv()), customer.id, details, demoEnv());
    const { paymentSessionId } = await orderRow(orderId);
    expect(await cancelOrder(customer.id, orderId, demoEnv())).toBe("cancelled");

    const asCustomer = await signedInAs(customer);
    const path = `/demo-checkout/${paymentSessionId}`;
    const page = await routeOutcome(() =>
      demoCheckoutLoader(routeArgs<Parameters<typeof demoCheckoutLoader>[0]>(asCustomer(path), { sessionId: paymentSessionId! })),
    );
    expect(page.body).toMatchObject({ closedOrder: expect.stringMatching(/can no longer be paid/) });

    const pay = await routeOutcome(() =>
      demoCheckoutAction(
        routeArgs<Parameters<typeof demoCheckoutAction>[0]>(asCustomer(path, { method: "POST", body: form({ intent: "pay" }) }), {
          sessionId: paymentSessionId!,
        }),
      ),
    );
    expect(pay).toMatchObject({ status: 409, body: { error: expect.stringMatching(/can no longer be paid/) } });
    expect(await orderRow(orderId)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "pending" });
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([]);
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, paymentSessionId!));
    expect(session.status).toBe("expired");
  });

  it("a demo payment made just before the cancel is refunded, shown to the admin, and never booked", async () => {
    const customer = await customerWithCart();
    const { orderId } = await startCardPayment(demoProvider(demoEnv()), customer.id, details, demoEnv());
    const { paymentSessionId } = await orderRow(orderId);
    const asCustomer = await signedInAs(customer);
    const path = `/demo-checkout/${paymentSessionId}`;
    const pay = await routeOutcome(() =>
      demoCheckoutAction(
        routeArgs<Parameters<typeof demoCheckoutAction>[0]>(asCustomer(path, { method: "POST", body: form({ intent: "pay" }) }), {
          sessionId: paymentSessionId!,
        }),
      ),
    );
    expect(pay.location).toMatch(/^\/payment-success\?success=true/);

    // The cancel lands before the browser reaches the return page.
    expect(await cancelOrder(customer.id, orderId, demoEnv())).toBe("cancelled");
    expect(await confirmPayment(demoProvider(demoEnv()), paymentSessionId!, customer.id)).toMatchObject({ refunded: true });

    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([]);
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, paymentSessionId!));
    expect(session.status).toBe("refunded");
    expect(await db.select().from(paymentRefunds)).toEqual([
      expect.objectContaining({ orderId, status: "succeeded", providerRefundId: expect.stringMatching(/^demo_re_/) }),
    ]);

    const asAdmin = await signedInAs(await createAccount(db, { admin: true }));
    const dashboard = await routeOutcome(() =>
      adminDashboardLoader(routeArgs<Parameters<typeof adminDashboardLoader>[0]>(asAdmin("/admin/dashboard"))),
    );
    expect(dashboard.body).toMatchObject({
      refunds: [{ orderId, amountFils: 50_000, reason: "late_payment", status: "succeeded", customerEmail: "sara@example.com" }],
    });
  });
});

describe("the demo card page", () => {
  async function demoSessionOf() {
    const customer = await customerWithCart();
    const { orderId } = await startCardPayment(demoProvider(demoEnv()), customer.id, details, demoEnv());
    return { customer, orderId, sessionId: (await orderRow(orderId)).paymentSessionId! };
  }

  it("answers 404 to another customer for showing, paying or cancelling a session, and changes nothing", async () => {
    const { orderId, sessionId } = await demoSessionOf();
    const asMallory = await signedInAs(await createAccount(db));
    const path = `/demo-checkout/${sessionId}`;
    const shown = await routeOutcome(() =>
      demoCheckoutLoader(routeArgs<Parameters<typeof demoCheckoutLoader>[0]>(asMallory(path), { sessionId })),
    );
    expect(shown.status).toBe(404);
    for (const intent of ["pay", "cancel"]) {
      const outcome = await routeOutcome(() =>
        demoCheckoutAction(
          routeArgs<Parameters<typeof demoCheckoutAction>[0]>(asMallory(path, { method: "POST", body: form({ intent }) }), { sessionId }),
        ),
      );
      expect(outcome.status).toBe(404);
    }
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, sessionId));
    expect(session.status).toBe("open");
    expect((await orderRow(orderId)).paymentStatus).toBe("pending");
  });

  it("answers 400 to an empty or unknown intent", async () => {
    const { customer, sessionId } = await demoSessionOf();
    const asCustomer = await signedInAs(customer);
    for (const fields of [{}, { intent: "" }, { intent: "refund" }] as Record<string, string>[]) {
      const outcome = await routeOutcome(() =>
        demoCheckoutAction(
          routeArgs<Parameters<typeof demoCheckoutAction>[0]>(
            asCustomer(`/demo-checkout/${sessionId}`, { method: "POST", body: form(fields) }),
            { sessionId },
          ),
        ),
      );
      expect(outcome.status).toBe(400);
    }
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, sessionId));
    expect(session.status).toBe("open");
  });
});
