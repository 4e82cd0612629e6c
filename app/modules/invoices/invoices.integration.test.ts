import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, creditNoteLines, creditNotes, invoiceLines, invoices, orders, testCategories, tests } from "~/db/schema";
import { createAccount, insertCategory, insertLab, insertTest } from "~/seed/factories.server";
import { DEMO_BUSINESS_SETTINGS } from "~/seed/demo-data.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { saveBusinessSettings } from "~/modules/invoices/business-settings.server";
import { cancelMyBooking } from "~/modules/payments/booking-changes.server";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment, markSessionPaid } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { parseEnv } from "~/utils/env.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

afterEach(() => setClockOffset(0));

const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const provider = () => demoProvider(env);
const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const SLOT_DATE = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const SLOT_START = slotStartFor(SLOT_DATE, "09:00");
const details = () => patientDetails("Layla Haddad", { scheduledDate: SLOT_DATE });
const year = () => Number(new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 4));

async function lab(capacity = 100) {
  return insertLab(db, {
    name: `Al Noor Lab ${crypto.randomUUID().slice(0, 4)}`,
    openingHours: everyDay("07:00", "21:00"),
    walkInSlotMinutes: 30,
    walkInCapacity: capacity,
    homeCollectionFeeFils: 5_000,
    homeCollectionAreas: ["Al Reem Island"],
    homeSlotMinutes: 60,
    homeCapacity: capacity,
  });
}

async function offered(labId: string, priceFils: number, input: Parameters<typeof insertTest>[1] = {}) {
  const test = await insertTest(db, { priceFils, ...input });
  await saveOffer(db, { labId, testId: test.id, priceFils, walkIn: true, homeCollection: true, isActive: true });
  return test;
}

/** A customer's card order placed through the demo provider, paid but not yet confirmed. */
async function paidSession(lines: { testId: string; quantity: number; home?: { labId: string } }[]) {
  const customer = await createAccount(db);
  for (const line of lines) await changeCart(customer.id, { intent: "add", testId: line.testId, quantity: line.quantity });
  for (const line of lines) {
    if (!line.home) continue;
    const choices = {
      [`labId:${line.testId}`]: line.home.labId,
      [`collectionType:${line.testId}`]: "home",
      [`slotTime:${line.testId}`]: "09:00",
      [`homeAddress:${line.testId}`]: "Tower 3, Flat 1204",
      [`homeArea:${line.testId}`]: "Al Reem Island",
    };
    expect(await saveAndCheckLineChoices(customer.id, details(), choices)).toEqual({});
  }
  const { orderId } = await startCardPayment(provider(), customer.id, details(), env);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await settleDemoSession(order.paymentSessionId!, "paid");
  return { customer, order, sessionId: order.paymentSessionId! };
}

async function invoiceOf(orderId: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const lines = invoice ? await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position)) : [];
  return { invoice, lines };
}

describe("tax invoices of card orders", () => {
  it("a paid card order gets one frozen invoice: numbered, seller's TRN, a line per test with its VAT, the home-collection fee its own line", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const place = await lab();
    const zeroRated = await insertCategory(db, { name: "Wellness", vatRate: "zero" });
    const vitamin = await offered(place.id, 15_000, { name: "Vitamin D" });
    const panel = await offered(place.id, 9_950, { name: "Thyroid Panel", categoryId: zeroRated.id });
    const { customer, order, sessionId } = await paidSession([
      { testId: vitamin.id, quantity: 2, home: { labId: place.id } },
      { testId: panel.id, quantity: 1 },
    ]);
    await confirmPayment(provider(), sessionId, customer.id);

    const { invoice, lines } = await invoiceOf(order.id);
    expect(invoice).toMatchObject({
      number: `INV-${year()}-000001`,
      sellerTrn: DEMO_BUSINESS_SETTINGS.trn,
      sellerName: DEMO_BUSINESS_SETTINGS.legalName,
      customerName: "Layla Haddad",
      totalFils: order.totalAmountFils,
    });
    expect(lines.map((line) => [line.kind, line.testName, line.quantity, line.unitPriceFils, line.totalFils, line.vatRateBasisPoints, line.vatFils])).toEqual([
      ["test", "Thyroid Panel", 1, 9_950, 9_950, 0, 0],
      ["test", "Vitamin D", 2, 15_000, 30_000, 500, 1_429],
      ["home_collection_fee", expect.any(String), 1, 5_000, 5_000, 500, 238],
    ]);
    expect(invoice.vatFils).toBe(1_429 + 238);
    expect(invoice.taxableFils + invoice.vatFils).toBe(invoice.totalFils);

    // The rate is frozen: changing the category later does not change the issued invoice.
    await db.update(testCategories).set({ vatRate: "standard" }).where(eq(testCategories.id, zeroRated.id));
    expect((await invoiceOf(order.id)).lines[0].vatFils).toBe(0);
  });

  it("the webhook and the return page racing issue one invoice", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const place = await lab();
    const test = await offered(place.id, 12_345);
    const { customer, order, sessionId } = await paidSession([{ testId: test.id, quantity: 1 }]);
    const session = await provider().retrieveSession(sessionId);
    await Promise.all([
      markSessionPaid(provider(), session),
      confirmPayment(provider(), sessionId, customer.id),
      markSessionPaid(provider(), session),
      confirmPayment(provider(), sessionId, customer.id),
    ]);
    const all = await db.select().from(invoices);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ orderId: order.id, number: `INV-${year()}-000001`, totalFils: 12_345, vatFils: 588 });
  });

  it("50 concurrent payments give 50 invoices numbered 1 to 50, without gap or duplicate", async () => {
    await saveBusinessSettings({ ...DEMO_BUSINESS_SETTINGS, invoicePrefix: "LTH" });
    const place = await lab(500);
    const test = await offered(place.id, 10_000);
    const sessions = [];
    for (let i = 0; i < 50; i++) sessions.push(await paidSession([{ testId: test.id, quantity: 1 }]));
    await Promise.all(sessions.map(({ customer, sessionId }) => confirmPayment(provider(), sessionId, customer.id)));
    const numbers = (await db.select({ number: invoices.number }).from(invoices)).map((row) => row.number).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `LTH-${year()}-${String(i + 1).padStart(6, "0")}`));
  }, 300_000);

  it("without business settings the payment stands and no invoice is issued", async () => {
    const place = await lab();
    const test = await offered(place.id, 10_000);
    const { customer, order, sessionId } = await paidSession([{ testId: test.id, quantity: 1 }]);
    expect(await confirmPayment(provider(), sessionId, customer.id)).toMatchObject({ newlyPaid: true });
    expect((await invoiceOf(order.id)).invoice).toBeUndefined();
  });
});

describe("credit notes", () => {
  it("a late cancellation credits the refunded part, reversing its VAT", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const place = await lab();
    const test = await offered(place.id, 10_000);
    const { customer, order, sessionId } = await paidSession([{ testId: test.id, quantity: 1 }]);
    await confirmPayment(provider(), sessionId, customer.id);
    const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    setClockOffset(SLOT_START.getTime() - 10 * 3_600_000 - Date.now());
    const outcome = await cancelMyBooking(customer.id, booking.id, {}, env);
    expect(outcome).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    const [note] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(note).toMatchObject({ number: `CN-${year()}-000001`, reason: "booking_cancelled", totalFils: outcome.refundFils });
    expect(note.vatFils).toBe(Math.round((outcome.refundFils * 5) / 105));
    const lines = await db.select().from(creditNoteLines).where(eq(creditNoteLines.creditNoteId, note.id));
    expect(lines.reduce((sum, line) => sum + line.totalFils, 0)).toBe(note.totalFils);
  });

  it("a payment that arrives for a cancelled order is invoiced and credited in full", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const place = await lab();
    const test = await offered(place.id, 21_000);
    const { customer, order, sessionId } = await paidSession([{ testId: test.id, quantity: 1 }]);
    expect(await cancelOrder(customer.id, order.id, env)).toBe("cancelled");
    await confirmPayment(provider(), sessionId, customer.id).catch(() => undefined);
    const { invoice } = await invoiceOf(order.id);
    expect(invoice).toMatchObject({ totalFils: 21_000, vatFils: 1_000 });
    const notes = await db.select().from(creditNotes).where(and(eq(creditNotes.orderId, order.id)));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ reason: "late_payment", totalFils: 21_000, vatFils: 1_000, taxableFils: 20_000 });
  });
});

it("tests keep their own rate before their category's", async () => {
  const category = await insertCategory(db, { name: "Zero", vatRate: "zero" });
  const test = await insertTest(db, { categoryId: category.id, vatRate: "standard" });
  expect((await db.select().from(tests).where(eq(tests.id, test.id)))[0].vatRate).toBe("standard");
});
