import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, cartItems, demoPaymentSessions, jobs, orderItems, orders, paymentRefunds, slotCounts, tests } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart, cartLinesForUser, saveLineChoices } from "~/modules/cart/cart.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { jobHandlers } from "~/job-handlers.server";
import { ensureRecurringJobs, runDueJobs } from "~/modules/jobs/jobs.server";
import { RELEASE_SLOT_HOLDS_JOB, releaseExpiredSlotHolds } from "~/modules/payments/expire-slot-holds.server";
import { SlotUnavailableError } from "~/modules/orders/order-lines.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { getNow, setClockOffset } from "~/modules/slots/clock.server";
import { SLOT_TAKEN_MESSAGE, weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { parseEnv } from "~/utils/env.server";

// Days count from the file's start, so that a run crossing midnight in Dubai (20:00 UTC) keeps one date.
const startedAt = Date.now();

const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const everyDay = (open: string, close: string) =>
  Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;

/** A date a few days ahead in Abu Dhabi, so every slot of it is offerable. */
function dayAhead(days = 3) {
  return new Date(startedAt + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
}

const details = (overrides: Partial<PatientDetails> = {}): PatientDetails => ({
  patientName: "Layla Haddad",
  patientEmail: "layla@example.com",
  patientPhone: null,
  notes: null,
  scheduledDate: dayAhead(),
  scheduledTime: "09:00",
  ...overrides,
});

/** A test offered by a cheap lab (capacity `capacity` per walk-in slot) and a dearer one with home collection. */
async function marketplaceTest(capacity = 3) {
  const cheap = await insertLab(db, { name: "Cheap Lab", openingHours: everyDay("08:00", "12:00"), walkInSlotMinutes: 30, walkInCapacity: capacity });
  const dear = await insertLab(db, {
    name: "Home Lab",
    openingHours: everyDay("08:00", "12:00"),
    homeCollectionFeeFils: 4_000,
    homeCollectionAreas: ["Al Reem Island", "Khalifa City"],
    homeSlotMinutes: 60,
    homeCapacity: 2,
  });
  const test = await insertTest(db, { priceFils: 99_999 });
  await db.transaction(async (tx) => {
    await saveOffer(tx, { labId: cheap.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: false, isActive: true });
    await saveOffer(tx, { labId: dear.id, testId: test.id, priceFils: 15_000, walkIn: true, homeCollection: true, isActive: true });
  });
  return { cheap, dear, test };
}

async function customerWith(testId: string, quantity = 1) {
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId, quantity });
  return customer;
}

async function takenOf(labId: string, start: Date) {
  const [row] = await db
    .select({ taken: slotCounts.taken })
    .from(slotCounts)
    .where(and(eq(slotCounts.labId, labId), eq(slotCounts.slotStart, start)));
  return row?.taken ?? 0;
}

afterEach(() => setClockOffset(0));

describe("checkout lines with labs, collection and slots", () => {
  it("defaults to the cheapest lab, walk-in, at the typed date and time: the order line and booking record them", async () => {
    const { cheap, test } = await marketplaceTest();
    const customer = await customerWith(test.id, 2);
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ test_id: test.id, price: 10_000 }]);

    const order = await placeCashOnDeliveryOrder(customer.id, details());
    const start = slotStartFor(dayAhead(), "09:00");
    expect(order.totalAmountFils).toBe(20_000);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ kind: "test", labId: cheap.id, labName: "Cheap Lab", unitPriceFils: 10_000, collectionType: "walk_in", slotStart: start });
    const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booking).toMatchObject({ labId: cheap.id, priceFils: 10_000, collectionType: "walk_in", slotStart: start, scheduledTime: "09:00" });
    expect(await takenOf(cheap.id, start)).toBe(2);
  });

  it("a home-collection line at the second-cheapest lab adds the fee as its own line, once per visit", async () => {
    const { dear, test } = await marketplaceTest();
    const other = await insertTest(db);
    await db.transaction((tx) => saveOffer(tx, { labId: dear.id, testId: other.id, priceFils: 5_000, walkIn: false, homeCollection: true, isActive: true }));
    const customer = await customerWith(test.id);
    await changeCart(customer.id, { intent: "add", testId: other.id, quantity: 1 });
    const form = {
      [`labId:${test.id}`]: dear.id,
      [`collectionType:${test.id}`]: "home",
      [`slotTime:${test.id}`]: "10:00",
      [`homeAddress:${test.id}`]: "Tower 3, Flat 1204",
      [`homeArea:${test.id}`]: "Al Reem Island",
      [`labId:${other.id}`]: dear.id,
      [`collectionType:${other.id}`]: "home",
      [`slotTime:${other.id}`]: "10:00",
      [`homeAddress:${other.id}`]: "Tower 3, Flat 1204",
      [`homeArea:${other.id}`]: "Al Reem Island",
    };
    expect(await saveAndCheckLineChoices(customer.id, details(), form)).toEqual({});

    const order = await placeCashOnDeliveryOrder(customer.id, details());
    expect(order.totalAmountFils).toBe(15_000 + 5_000 + 4_000);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const fees = items.filter((item) => item.kind === "home_collection_fee");
    expect(fees).toEqual([
      expect.objectContaining({ testId: null, testName: "Home collection fee · Home Lab", quantity: 1, unitPriceFils: 4_000, labId: dear.id }),
    ]);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked).toHaveLength(2);
    expect(booked.map((booking) => booking.homeCollectionFeeFils).sort()).toEqual([4_000, null].sort());
    expect(booked.every((booking) => booking.homeAddress === "Tower 3, Flat 1204" && booking.scheduledTime === "10:00")).toBe(true);
  });

  it("the details step names the line and the lab's nearest times when the typed time is not one of its slots", async () => {
    const { test } = await marketplaceTest();
    const customer = await customerWith(test.id);
    const problems = await saveAndCheckLineChoices(customer.id, details({ scheduledTime: "09:10" }), {});
    expect(problems[`line:${test.id}`]?.[0]).toMatch(new RegExp(`^${test.name}: Cheap Lab has no walk-in slot at 09:10 .* Nearest free times: 08:30, 09:00, 09:30\\.$`));
  });

  it("on an Arabic page the same problem is told in Arabic, with the test's Arabic name", async () => {
    const { test } = await marketplaceTest();
    await db.update(tests).set({ nameAr: "فحص تجريبي" }).where(eq(tests.id, test.id));
    const customer = await customerWith(test.id);
    const problems = await saveAndCheckLineChoices(customer.id, details({ scheduledTime: "09:10" }), {}, "ar");
    expect(problems[`line:${test.id}`]?.[0]).toMatch(/^فحص تجريبي: لا يوجد لدى Cheap Lab موعد زيارة المختبر الساعة 09:10 يوم .* أقرب المواعيد المتاحة: 08:30، 09:00، 09:30\.$/);
  });

  it("cash on delivery refuses a full slot with the slot-taken message naming the line, and writes nothing", async () => {
    const { cheap, test } = await marketplaceTest(1);
    const first = await customerWith(test.id);
    await placeCashOnDeliveryOrder(first.id, details());
    const second = await customerWith(test.id);
    const start = slotStartFor(dayAhead(), "09:00");
    const ordersBefore = (await db.select().from(orders)).length;

    await expect(placeCashOnDeliveryOrder(second.id, details())).rejects.toBeInstanceOf(SlotUnavailableError);
    const refused = await placeOrder(second.id, details(), "cash_on_delivery");
    expect(refused).toMatchObject({ ok: false, status: 409, toast: { title: "Time slot taken" } });
    expect(!refused.ok && refused.toast.description).toContain(`${test.name} at Cheap Lab`);
    expect(!refused.ok && refused.toast.description).toContain(SLOT_TAKEN_MESSAGE);

    expect(await db.select().from(orders)).toHaveLength(ordersBefore);
    expect(await db.select().from(orders).where(eq(orders.userId, second.id))).toEqual([]);
    expect(await db.select().from(bookings).where(eq(bookings.userId, second.id))).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, second.id))).toHaveLength(1);
    expect(await takenOf(cheap.id, start)).toBe(1);
  });
});

describe("slot capacity under concurrent checkouts", () => {
  it("30 customers checking out the same slot of capacity 3 at once: exactly 3 orders, the others refused with nothing written", async () => {
    const { cheap, test } = await marketplaceTest(3);
    const customers = [];
    for (let i = 0; i < 30; i++) customers.push(await customerWith(test.id));
    const outcomes = await Promise.allSettled(customers.map((customer) => placeCashOnDeliveryOrder(customer.id, details())));
    const placed = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(27);
    expect(refused.every((error) => error instanceof SlotUnavailableError && error.reason === "full")).toBe(true);
    expect(await takenOf(cheap.id, slotStartFor(dayAhead(), "09:00"))).toBe(3);
    const [counts] = (
      await db.execute<{ orders: number; bookings: number }>(sql`
        select (select count(*)::int from orders) as orders, (select count(*)::int from bookings) as bookings`)
    ).rows;
    expect(counts).toEqual({ orders: 3, bookings: 3 });
  });
});

describe("card payments hold their slots for 15 minutes", () => {
  async function cardOrder(capacity = 1) {
    const setup = await marketplaceTest(capacity);
    const customer = await customerWith(setup.test.id);
    const { orderId } = await startCardPayment(demoProvider(env), customer.id, details(), env);
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.orderId, orderId));
    return { ...setup, customer, orderId, session, start: slotStartFor(dayAhead(), "09:00") };
  }

  it("holds the slot at checkout and the release job frees it when the hold expires: the order is expired", async () => {
    const { cheap, orderId, session, start } = await cardOrder();
    const [held] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(held.slotHoldExpiresAt!.getTime() - getNow().getTime()).toBeGreaterThan(14 * 60_000);
    expect(held.slotHoldExpiresAt!.getTime() - getNow().getTime()).toBeLessThanOrEqual(15 * 60_000);
    expect(await takenOf(cheap.id, start)).toBe(1);

    // Not yet: 14 minutes later nothing is released.
    expect(await releaseExpiredSlotHolds(new Date(Date.now() + 14 * 60_000), env)).toBe(0);
    expect(await takenOf(cheap.id, start)).toBe(1);

    // The background job, run once the clock has moved past the hold.
    setClockOffset(16 * 60_000);
    // Only this sweep's row: the other recurring jobs (reminders) are not under test here.
    await ensureRecurringJobs({ [RELEASE_SLOT_HOLDS_JOB]: jobHandlers[RELEASE_SLOT_HOLDS_JOB] });
    expect(await runDueJobs(jobHandlers)).toBe(1);
    const [expired] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(expired).toMatchObject({ orderStatus: "expired", paymentStatus: "pending" });
    expect(expired.slotsReleasedAt).not.toBeNull();
    expect(await takenOf(cheap.id, start)).toBe(0);
    const [closed] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, session.id));
    expect(closed.status).toBe("expired");
    // The sweep is recurring: put back for its next run, never marked done.
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, RELEASE_SLOT_HOLDS_JOB));
    expect(job).toMatchObject({ doneAt: null, deadAt: null });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    // A second run releases nothing twice.
    expect(await releaseExpiredSlotHolds(getNow(), env)).toBe(0);
    expect(await takenOf(cheap.id, start)).toBe(0);
  });

  it("a cancelled card order gives its held slot back at once", async () => {
    const { cheap, customer, orderId, start } = await cardOrder();
    const { cancelOrder } = await import("~/modules/payments/cancel-order.server");
    expect(await cancelOrder(customer.id, orderId, env)).toBe("cancelled");
    expect(await takenOf(cheap.id, start)).toBe(0);
  });

  it("a payment that succeeds after its hold expired is booked when the slot is still free", async () => {
    const { cheap, customer, orderId, session, start } = await cardOrder();
    // Paid on the provider's page just before the hold ran out; confirmed only after the sweep.
    await settleDemoSession(session.id, "paid");
    await db.update(orders).set({ slotHoldExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    await db.update(demoPaymentSessions).set({ status: "open" }).where(eq(demoPaymentSessions.id, session.id));
    expect(await releaseExpiredSlotHolds(getNow(), env)).toBe(1);
    await db.update(demoPaymentSessions).set({ status: "paid" }).where(eq(demoPaymentSessions.id, session.id));

    expect(await confirmPayment(demoProvider(env), session.id, customer.id)).toMatchObject({ newlyPaid: true, refunded: false });
    const [paid] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ paymentStatus: "paid", orderStatus: "confirmed", slotHoldExpiresAt: null, slotsReleasedAt: null });
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toHaveLength(1);
    expect(await takenOf(cheap.id, start)).toBe(1);
  });

  it("a payment that succeeds after its hold expired and finds the slot full is refunded once, never overbooked", async () => {
    const { cheap, test, customer, orderId, session, start } = await cardOrder(1);
    await db.update(orders).set({ slotHoldExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    expect(await releaseExpiredSlotHolds(getNow(), env)).toBe(1);
    // Someone else takes the freed slot.
    const other = await customerWith(test.id);
    await placeCashOnDeliveryOrder(other.id, details());
    expect(await takenOf(cheap.id, start)).toBe(1);

    // The late payment arrives (the provider let it through), confirmed by the return page and again by a retry.
    await db.update(demoPaymentSessions).set({ status: "paid" }).where(eq(demoPaymentSessions.id, session.id));
    const first = await confirmPayment(demoProvider(env), session.id, customer.id);
    const again = await confirmPayment(demoProvider(env), session.id, customer.id);
    expect(first).toMatchObject({ newlyPaid: false, refunded: true, refundReason: "slot_unavailable" });
    expect(again).toMatchObject({ newlyPaid: false, refunded: true });

    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ reason: "slot_unavailable", status: "succeeded", amountFils: 10_000 })]);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: "refunded", orderStatus: "expired" });
    expect(await db.select().from(bookings).where(eq(bookings.orderId, orderId))).toEqual([]);
    expect(await takenOf(cheap.id, start)).toBe(1);
  });

  it("tests without offers check out by card as before: no lab, no slot, no hold", async () => {
    const test = await insertTest(db, { priceFils: 7_000 });
    const customer = await customerWith(test.id);
    const { orderId } = await startCardPayment(demoProvider(env), customer.id, details(), env);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.slotHoldExpiresAt).toBeNull();
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(item).toMatchObject({ labId: null, slotStart: null, unitPriceFils: 7_000 });
  });
});

describe("resumed prices and labs", () => {
  it("a resumed line keeps its price at its lab; choosing another lab prices it from that lab's offer", async () => {
    const { dear, test } = await marketplaceTest();
    const customer = await customerWith(test.id);
    const order = await placeCashOnDeliveryOrder(customer.id, details());
    await db.execute(sql`update lab_offers set price_fils = 12000 where test_id = ${test.id} and price_fils = 10000`);
    const { resumeOrder } = await import("~/modules/payments/resume-order.server");
    expect(await resumeOrder(customer.id, order.id, undefined, env)).toBe("loaded");
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ price: 10_000 }]);
    await saveLineChoices(customer.id, [{ testId: test.id, labId: dear.id, collectionType: null, slotStart: null, homeAddress: null, homeArea: null }]);
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ price: 15_000 }]);
  });
});
