import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, demoPaymentSessions, jobs, orders, paymentRefunds, slotCounts, statusChanges, webhookSettings } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { cancelMyBooking, cancellationPreview } from "~/modules/payments/booking-changes.server";
import { TOO_LATE_MESSAGE } from "~/modules/booking/change-policy";
import type { PatientDetails } from "~/modules/booking/schemas";
import { setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { demoProvider, settleDemoSession, stripeProvider, type CardProvider } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { REFUND_PAYMENT_JOB, refundRecordedPayment } from "~/modules/payments/refunds.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { DELIVER_WEBHOOK_JOB } from "~/modules/webhooks/emit-event.server";
import { parseEnv, type Env } from "~/utils/env.server";
import { action as cancelAction, loader as cancelLoader } from "~/routes/dashboard.bookings.cancel";
import { startFakeStripeApi } from "../../../tests/fakes/stripe-api";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { patientDetails } from "../../../tests/fakes/patient-details";
import { csrfTokenFor } from "~/utils/csrf.server";

const fake = await startFakeStripeApi();
afterAll(() => fake.close());
afterEach(() => setClockOffset(0));

const demoEnv = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const stripeEnv = parseEnv({
  NODE_ENV: "test",
  SITE_URL: "http://localhost:3999",
  STRIPE_SECRET_KEY: "sk_test_fake_booking_changes",
  STRIPE_WEBHOOK_SECRET: "whsec_test_booking_changes",
  STRIPE_API_URL: fake.url,
});

const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const dayAhead = (days = 3) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const SLOT_DATE = dayAhead();
const SLOT_START = slotStartFor(SLOT_DATE, "09:00");

const details = (overrides: Partial<PatientDetails> = {}) => patientDetails("Layla Haddad", { scheduledDate: SLOT_DATE, ...overrides });

/** Moves the app's clock so that the booking's slot is `hours` away. */
const slotIsAway = (hours: number) => setClockOffset(SLOT_START.getTime() - hours * 3_600_000 - Date.now());

async function marketplace() {
  const lab = await insertLab(db, {
    name: "Al Noor Lab",
    openingHours: everyDay("07:00", "21:00"),
    walkInSlotMinutes: 30,
    walkInCapacity: 3,
    homeCollectionFeeFils: 4_000,
    homeCollectionAreas: ["Al Reem Island"],
    homeSlotMinutes: 60,
    homeCapacity: 2,
  });
  const test = await insertTest(db, { priceFils: 99_999 });
  await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: true, isActive: true });
  await db.insert(webhookSettings).values({ name: "CRM", url: "http://127.0.0.1:9/hook", events: ["booking_updated", "booking_cancelled"] });
  return { lab, test };
}

/** A booking paid by card (demo provider, or the Stripe fake), `quantity` units of the 09:00 slot. */
async function cardBooking({ provider = "demo", quantity = 1, home = false }: { provider?: "demo" | "stripe"; quantity?: number; home?: boolean } = {}) {
  const { lab, test } = await marketplace();
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity });
  if (home) {
    const choices = {
      [`labId:${test.id}`]: lab.id,
      [`collectionType:${test.id}`]: "home",
      [`slotTime:${test.id}`]: "09:00",
      [`homeAddress:${test.id}`]: "Tower 3, Flat 1204",
      [`homeArea:${test.id}`]: "Al Reem Island",
    };
    expect(await saveAndCheckLineChoices(customer.id, details(), choices)).toEqual({});
  }
  const env = provider === "demo" ? demoEnv : stripeEnv;
  const card: CardProvider = provider === "demo" ? demoProvider(env) : stripeProvider(env);
  const { orderId } = await startCardPayment(card, customer.id, details(), env);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (provider === "demo") await settleDemoSession(order.paymentSessionId!, "paid");
  else fake.completeSession(order.paymentSessionId!);
  await confirmPayment(card, order.paymentSessionId!, customer.id);
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, orderId));
  return { lab, test, customer, order, booking, env };
}

async function codBooking() {
  const { lab, test } = await marketplace();
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
  const order = await placeCashOnDeliveryOrder(customer.id, details());
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
  return { lab, test, customer, order, booking };
}

const bookingRow = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
const refundsOf = (bookingId: string) => db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId));
const takenAt = async (labId: string, start = SLOT_START) =>
  (await db.select().from(slotCounts).where(and(eq(slotCounts.labId, labId), eq(slotCounts.slotStart, start))))[0]?.taken ?? 0;
const jobsOf = (kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.id));
const fakeRefundsFor = (paymentIntent: string) => [...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);

type CancelArgs = Parameters<typeof cancelAction>[0];
const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

describe("a customer cancels their own booking", () => {
  it("more than 24 hours ahead, a card booking is refunded in full through the provider, once, and everything is recorded", async () => {
    const { lab, customer, order, booking, env } = await cardBooking({ quantity: 2 });
    expect(await takenAt(lab.id)).toBe(2);
    expect(await cancellationPreview(customer.id, booking.id, env)).toMatchObject({
      booking: { id: booking.id, units: 2, payment: "card" },
      terms: { allowed: true, window: "free", refundFils: 20_000, feeFils: 0 },
    });

    expect(await cancelMyBooking(customer.id, booking.id, { expectedFeeFils: 0 }, env)).toEqual({
      ok: true,
      refundFils: 20_000,
      feeFils: 0,
      payment: "card",
      refunded: true,
    });

    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", calendarSequence: 1, cancellationFeeFils: null });
    expect(await takenAt(lab.id)).toBe(0);
    expect(await refundsOf(booking.id)).toEqual([
      expect.objectContaining({
        orderId: order.id,
        amountFils: 20_000,
        reason: "booking_cancelled",
        status: "succeeded",
        idempotencyKey: `booking-cancel-${booking.id}`,
        paymentSessionId: order.paymentSessionId,
      }),
    ]);
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, order.paymentSessionId!));
    expect(session.status).toBe("refunded");
    // The order stays paid and confirmed: what it was paid is on record, the refund beside it (decision 0013).
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ paymentStatus: "paid", orderStatus: "confirmed" });

    const audit = await db.select().from(statusChanges).where(and(eq(statusChanges.subjectId, booking.id), eq(statusChanges.toStatus, "cancelled")));
    expect(audit).toEqual([expect.objectContaining({ field: "status", fromStatus: "pending", actorKind: "customer", actorId: customer.id, reason: "customer_cancel" })]);
    const events = (await jobsOf(DELIVER_WEBHOOK_JOB)).map((job) => (job.payload as { envelope: { type: string; data: { booking: { status: string } } } }).envelope);
    expect(events.slice(-2).map((event) => [event.type, event.data.booking.status])).toEqual([
      ["booking_updated", "cancelled"],
      ["booking_cancelled", "cancelled"],
    ]);
    const messages = await jobsOf(SEND_NOTIFICATION_JOB);
    expect(messages.filter((job) => job.dedupeKey === `booking_cancelled:${booking.id}`)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ kind: "booking_cancelled", bookingId: booking.id, refund: { amountFils: 20_000, feeFils: 0 } }) }),
    ]);
  });

  it("a home-collection booking gets its fee back too", async () => {
    const { customer, booking, env } = await cardBooking({ home: true });
    expect(booking.homeCollectionFeeFils).toBe(4_000);
    expect(await cancelMyBooking(customer.id, booking.id, {}, env)).toMatchObject({ ok: true, refundFils: 14_000, feeFils: 0 });
  });

  it("between 24 and 2 hours ahead the late-cancellation fee is kept and recorded; the setting chooses the share", async () => {
    const { customer, booking, env } = await cardBooking();
    slotIsAway(10);
    expect(await cancellationPreview(customer.id, booking.id, env)).toMatchObject({ terms: { window: "late", refundFils: 7_500, feeFils: 2_500 } });
    expect(await cancelMyBooking(customer.id, booking.id, { expectedFeeFils: 2_500 }, env)).toMatchObject({ ok: true, refundFils: 7_500, feeFils: 2_500, refunded: true });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", cancellationFeeFils: 2_500 });
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ amountFils: 7_500, status: "succeeded" })]);
    const [message] = (await jobsOf(SEND_NOTIFICATION_JOB)).filter((job) => job.dedupeKey === `booking_cancelled:${booking.id}`);
    expect(message.payload).toMatchObject({ refund: { amountFils: 7_500, feeFils: 2_500 } });

    const second = await cardBooking();
    const fortyPercent: Env = { ...env, LATE_CANCELLATION_FEE_PERCENT: 40 };
    expect(await cancelMyBooking(second.customer.id, second.booking.id, {}, fortyPercent)).toMatchObject({ refundFils: 6_000, feeFils: 4_000 });
    expect(() => parseEnv({ LATE_CANCELLATION_FEE_PERCENT: "101" })).toThrow(/LATE_CANCELLATION_FEE_PERCENT/);
  });

  it("the 24-hour and 2-hour boundaries: full refund just before a day ahead, refused under 2 hours with nothing changed", async () => {
    const { lab, customer, booking, env } = await cardBooking();
    slotIsAway(24 + 1 / 60);
    expect((await cancellationPreview(customer.id, booking.id, env))!.terms).toMatchObject({ window: "free", feeFils: 0 });
    slotIsAway(24 - 1 / 60);
    expect((await cancellationPreview(customer.id, booking.id, env))!.terms).toMatchObject({ window: "late", feeFils: 2_500 });
    slotIsAway(2 + 1 / 60);
    expect((await cancellationPreview(customer.id, booking.id, env))!.terms).toMatchObject({ allowed: true, window: "late" });

    slotIsAway(2 - 1 / 60);
    expect(await cancelMyBooking(customer.id, booking.id, {}, env)).toEqual({ ok: false, status: 409, message: TOO_LATE_MESSAGE });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending", calendarSequence: 0 });
    expect(await refundsOf(booking.id)).toEqual([]);
    expect(await takenAt(lab.id)).toBe(1);
  });

  it("terms that changed since the customer looked (the day-ahead mark passed) change nothing and show the new terms", async () => {
    const { customer, booking, env } = await cardBooking();
    slotIsAway(23);
    expect(await cancelMyBooking(customer.id, booking.id, { expectedFeeFils: 0 }, env)).toMatchObject({
      ok: false,
      status: 409,
      terms: { window: "late", feeFils: 2_500 },
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending" });
  });

  it("cash on delivery: nothing to refund and no fee, even late; the order is cancelled with its last booking", async () => {
    const { lab, customer, order, booking } = await codBooking();
    slotIsAway(5);
    expect(await cancelMyBooking(customer.id, booking.id, { expectedFeeFils: 0 }, demoEnv)).toEqual({
      ok: true,
      refundFils: 0,
      feeFils: 0,
      payment: "unpaid",
      refunded: false,
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", cancellationFeeFils: null });
    expect(await db.select().from(paymentRefunds)).toEqual([]);
    expect(await takenAt(lab.id)).toBe(0);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ orderStatus: "cancelled", paymentStatus: "pending" });
    const [message] = (await jobsOf(SEND_NOTIFICATION_JOB)).filter((job) => job.dedupeKey === `booking_cancelled:${booking.id}`);
    expect(message.payload).toMatchObject({ refund: null });
  });

  it("a confirmed booking can be cancelled too; a completed one cannot", async () => {
    const first = await codBooking();
    await setBookingStatus(first.booking.id, "confirmed");
    expect(await cancelMyBooking(first.customer.id, first.booking.id, {}, demoEnv)).toMatchObject({ ok: true });
    const second = await codBooking();
    await setBookingStatus(second.booking.id, "completed");
    expect(await cancelMyBooking(second.customer.id, second.booking.id, {}, demoEnv)).toEqual({ ok: false, status: 409, message: "This booking is completed." });
  });

  it("another customer's booking is not found and nothing changes, on the page and its action alike", async () => {
    const { booking, env } = await cardBooking();
    const intruder = await createAccount(db);
    expect(await cancelMyBooking(intruder.id, booking.id, {}, env)).toMatchObject({ ok: false, status: 404, message: "Booking not found" });
    expect(await cancellationPreview(intruder.id, booking.id, env)).toBeNull();

    const request = await signedInAs(intruder);
    const path = `/dashboard/bookings/${booking.id}/cancel`;
    expect(await routeOutcome(() => cancelLoader(routeArgs(request(path), { bookingId: booking.id })))).toMatchObject({ status: 404 });
    const posted = await routeOutcome(() =>
      cancelAction(routeArgs<CancelArgs>(request(path, { method: "POST", body: form({ expectedFeeFils: "0" }) }), { bookingId: booking.id })),
    );
    expect(posted).toMatchObject({ status: 404, body: { ok: false, toast: { description: "Booking not found" } } });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending" });
    expect(await db.select().from(paymentRefunds)).toEqual([]);
  });

  it("malformed requests answer 400 with a message and change nothing; a good one redirects to the dashboard with the refund", async () => {
    const { customer, booking } = await codBooking();
    const request = await signedInAs(customer);
    const path = `/dashboard/bookings/${booking.id}/cancel`;
    const post = (body: BodyInit, bookingId = booking.id, headers: HeadersInit = {}) =>
      routeOutcome(() => cancelAction(routeArgs<CancelArgs>(request(path, { method: "POST", body, headers }), { bookingId })));
    expect(await post(form({}))).toMatchObject({ status: 400, body: { ok: false, toast: { title: "Booking not cancelled" } } });
    expect(await post(form({ expectedFeeFils: "-5" }))).toMatchObject({ status: 400 });
    expect(await post(form({ expectedFeeFils: "lots" }))).toMatchObject({ status: 400 });
    // A raw body gets no token from the fake browser: it carries the page's own, as a form would.
    const token = csrfTokenFor(request(path));
    expect(await post(`csrf=${token}&%%%not-a-form`, booking.id, { "Content-Type": "application/x-www-form-urlencoded" })).toMatchObject({ status: 400 });
    expect(await post(form({ expectedFeeFils: "0" }), "not-a-uuid")).toMatchObject({ status: 404 });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending" });

    expect(await post(form({ expectedFeeFils: "0" }))).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled" });
  });

  it("a replayed cancel finds the booking cancelled: no second refund, no second message", async () => {
    const { customer, booking, order } = await cardBooking({ provider: "stripe" });
    expect(await cancelMyBooking(customer.id, booking.id, {}, stripeEnv)).toMatchObject({ ok: true, refundFils: 10_000, refunded: true });
    expect(await cancelMyBooking(customer.id, booking.id, {}, stripeEnv)).toEqual({ ok: false, status: 409, message: "This booking is already cancelled." });
    const paymentIntent = fake.sessions.get(order.paymentSessionId!)!.payment_intent!;
    expect(fakeRefundsFor(paymentIntent)).toEqual([expect.objectContaining({ amount: 10_000 })]);
    expect(await refundsOf(booking.id)).toHaveLength(1);
    expect((await jobsOf(SEND_NOTIFICATION_JOB)).filter((job) => job.dedupeKey === `booking_cancelled:${booking.id}`)).toHaveLength(1);
  });

  it("two cancels at once: one cancels and refunds, the other is told it is already cancelled", async () => {
    const { customer, booking, env } = await cardBooking();
    const outcomes = await Promise.all([cancelMyBooking(customer.id, booking.id, {}, env), cancelMyBooking(customer.id, booking.id, {}, env)]);
    expect(outcomes.map((outcome) => outcome.ok).sort()).toEqual([false, true]);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ status: 409, message: "This booking is already cancelled." });
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: "succeeded", amountFils: 10_000 })]);
  });

  it("a refund the provider fails is kept as failed, and the retry job refunds exactly once, even when it runs twice", async () => {
    const { customer, booking, order } = await cardBooking({ provider: "stripe" });
    const paymentIntent = fake.sessions.get(order.paymentSessionId!)!.payment_intent!;
    fake.failNextRequests(3); // the request and the SDK's two retries
    expect(await cancelMyBooking(customer.id, booking.id, {}, stripeEnv)).toMatchObject({ ok: true, refundFils: 10_000, refunded: false });
    fake.failNextRequests(0);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled" });
    const [failed] = await refundsOf(booking.id);
    expect(failed).toMatchObject({ status: "failed", lastError: expect.any(String) });
    expect(fakeRefundsFor(paymentIntent)).toEqual([]);

    const [retry] = await jobsOf(REFUND_PAYMENT_JOB);
    expect(retry).toMatchObject({ dedupeKey: `refund:booking-cancel-${booking.id}`, payload: { refundId: failed.id } });
    // The job's run (the worker passes the app's environment; here the fake Stripe's), twice at once and once more.
    await Promise.all([refundRecordedPayment(failed.id, stripeEnv), refundRecordedPayment(failed.id, stripeEnv)]);
    await refundRecordedPayment(failed.id, stripeEnv);
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: "succeeded", lastError: null, providerRefundId: expect.stringMatching(/^re_/) })]);
    expect(fakeRefundsFor(paymentIntent)).toEqual([expect.objectContaining({ amount: 10_000 })]);
  }, 30_000);

  it("a crash after the provider refunded but before it was recorded: the retry gets the same refund back, not a second one", async () => {
    const { customer, booking, order } = await cardBooking({ provider: "stripe" });
    const paymentIntent = fake.sessions.get(order.paymentSessionId!)!.payment_intent!;
    // The provider is unreachable for the change's own attempt...
    fake.failNextRequests(3);
    await cancelMyBooking(customer.id, booking.id, {}, stripeEnv);
    fake.failNextRequests(0);
    const [refund] = await refundsOf(booking.id);
    // ...then a worker refunds at the provider and dies before writing it down.
    const stripe = stripeProvider(stripeEnv);
    await stripe.refund({ session: await stripe.retrieveSession(order.paymentSessionId!), amountFils: refund.amountFils, idempotencyKey: refund.idempotencyKey });
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: "failed" })]);

    await refundRecordedPayment(refund.id, stripeEnv);
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: "succeeded" })]);
    expect(fakeRefundsFor(paymentIntent)).toHaveLength(1);
  }, 30_000);

  it("the demo provider's refund, failed once, is made by the retry job from the outbox, once", async () => {
    const { customer, booking, order } = await cardBooking();
    // The provider refuses for now (as if it were down).
    await db.update(demoPaymentSessions).set({ status: "open" }).where(eq(demoPaymentSessions.id, order.paymentSessionId!));
    expect(await cancelMyBooking(customer.id, booking.id, {}, demoEnv)).toMatchObject({ ok: true, refunded: false });
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: "failed" })]);
    await db.update(demoPaymentSessions).set({ status: "paid" }).where(eq(demoPaymentSessions.id, order.paymentSessionId!));

    // Only the refund job is due (the messages and webhooks have their own tests).
    await db.delete(jobs).where(sql`${jobs.kind} <> ${REFUND_PAYMENT_JOB}`);
    await db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });
    expect(await runDueJobs(jobHandlers)).toBe(1);
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: "succeeded", providerRefundId: expect.stringMatching(/^demo_re_/) })]);
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, order.paymentSessionId!));
    expect(session.status).toBe("refunded");

    // Run again (a second worker, a replay): nothing more is refunded.
    await db.update(jobs).set({ runAt: new Date(Date.now() - 1000), doneAt: null });
    expect(await runDueJobs(jobHandlers)).toBe(1);
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ status: "succeeded" })]);
  });
});

describe("cancellations made by the lifecycle itself", () => {
  it("Cancel Order tells the customer; an order replaced by a newer one does not", async () => {
    const { customer, order, booking } = await codBooking();
    expect(await cancelOrder(customer.id, order.id)).toBe("cancelled");
    expect((await jobsOf(SEND_NOTIFICATION_JOB)).map((job) => job.dedupeKey)).toContain(`booking_cancelled:${booking.id}`);
    expect(await bookingRow(booking.id)).toMatchObject({ calendarSequence: 1 });

    const replaced = await codBooking();
    expect(await resumeOrder(replaced.customer.id, replaced.order.id, SLOT_DATE)).toBe("loaded");
    await placeCashOnDeliveryOrder(replaced.customer.id, details());
    expect(await bookingRow(replaced.booking.id)).toMatchObject({ status: "cancelled" });
    expect((await jobsOf(SEND_NOTIFICATION_JOB)).map((job) => job.dedupeKey)).not.toContain(`booking_cancelled:${replaced.booking.id}`);
  });

  it("an admin's confirm and complete queue their messages (the confirmation once)", async () => {
    const { booking } = await codBooking();
    await setBookingStatus(booking.id, "confirmed");
    await setBookingStatus(booking.id, "completed");
    const keys = (await jobsOf(SEND_NOTIFICATION_JOB)).map((job) => job.dedupeKey);
    expect(keys.filter((key) => key === `booking_confirmed:${booking.id}`)).toHaveLength(1);
    expect(keys).toContain(`booking_completed:${booking.id}`);
  });
});
