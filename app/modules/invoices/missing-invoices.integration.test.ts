import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, creditNotes, invoices, jobs, orders } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { DEMO_BUSINESS_SETTINGS } from "~/seed/demo-data.server";
import { jobHandlers } from "~/job-handlers.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { runBusinessSettingsAction } from "~/modules/invoices/invoices-admin.server";
import { ISSUE_MISSING_INVOICES_JOB, issueMissingInvoices } from "~/modules/invoices/missing-invoices.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { cancelMyBooking } from "~/modules/payments/booking-changes.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { parseEnv } from "~/utils/env.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const SLOT_DATE = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

/** A card order of one test (AED 100), paid through the demo provider. */
async function paidCardOrder(testId: string) {
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId, quantity: 1 });
  const card = demoProvider(env);
  const { orderId } = await startCardPayment(card, customer.id, patientDetails("Omar Saleh", { scheduledDate: SLOT_DATE }), env);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await settleDemoSession(order.paymentSessionId!, "paid");
  await confirmPayment(card, order.paymentSessionId!, customer.id);
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, orderId));
  return { customer, orderId, booking };
}

const settingsForm = { intent: "save-business-settings", ...DEMO_BUSINESS_SETTINGS };

describe("invoices of payments taken before the business settings were set", () => {
  it("saving the settings issues them once, in the order of the payments, with the credit notes of their refunds", async () => {
    const lab = await insertLab(db, { openingHours: everyDay("07:00", "21:00"), walkInSlotMinutes: 30, walkInCapacity: 5 });
    const test = await insertTest(db, { name: "Vitamin D", priceFils: 10_000 });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: false, isActive: true });
    const first = await paidCardOrder(test.id);
    const second = await paidCardOrder(test.id);
    // The first customer cancels: refunded in full, but there is no invoice to credit yet.
    expect(await cancelMyBooking(first.customer.id, first.booking.id, {}, env)).toMatchObject({ ok: true, refundFils: 10_000 });
    expect(await db.select().from(invoices)).toEqual([]);
    expect(await db.select().from(creditNotes)).toEqual([]);
    // Without settings the catch-up issues nothing.
    expect(await issueMissingInvoices()).toBe(0);

    // A bad TRN is refused and queues nothing.
    const refused = await runBusinessSettingsAction({ ...settingsForm, trn: "12345" });
    expect(refused.init?.status).toBe(400);
    expect(await db.select().from(jobs).where(eq(jobs.kind, ISSUE_MISSING_INVOICES_JOB))).toEqual([]);

    const saved = await runBusinessSettingsAction(settingsForm);
    expect(saved.data).toMatchObject({ ok: true, toast: { description: "2 earlier payments without an invoice will be invoiced in a moment." } });
    expect(await db.select().from(jobs).where(eq(jobs.kind, ISSUE_MISSING_INVOICES_JOB))).toHaveLength(1);

    // Two processes at once (the job and a second run): each order is invoiced once, numbered in payment order.
    const runs = await Promise.all([runDueJobs(jobHandlers), issueMissingInvoices()]);
    expect(runs[0]).toBeGreaterThanOrEqual(1);
    const issued = await db.select().from(invoices).orderBy(asc(invoices.number));
    expect(issued.map((invoice) => [invoice.orderId, invoice.number, invoice.totalFils])).toEqual([
      [first.orderId, expect.stringMatching(/^INV-\d{4}-000001$/), 10_000],
      [second.orderId, expect.stringMatching(/^INV-\d{4}-000002$/), 10_000],
    ]);
    const notes = await db.select().from(creditNotes);
    expect(notes.map((note) => [note.orderId, note.invoiceId, note.totalFils, note.reason])).toEqual([[first.orderId, issued[0].id, 10_000, "booking_cancelled"]]);

    // Again: nothing more, and saving again finds nothing waiting.
    expect(await issueMissingInvoices()).toBe(0);
    const again = await runBusinessSettingsAction(settingsForm);
    expect(again.data).toMatchObject({ ok: true, toast: { title: "Business settings saved" } });
    expect((again.data as { toast?: { description?: string } }).toast?.description).toBeUndefined();
    await runDueJobs(jobHandlers);
    expect(await db.select().from(invoices)).toHaveLength(2);
    expect(await db.select().from(creditNotes)).toHaveLength(1);
  });

  it("pages through more orders than one batch holds, in payment order", async () => {
    const lab = await insertLab(db, { openingHours: everyDay("07:00", "21:00"), walkInSlotMinutes: 30, walkInCapacity: 5 });
    const test = await insertTest(db, { name: "Ferritin", priceFils: 10_000 });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: false, isActive: true });
    const paid = [];
    for (let index = 0; index < 5; index += 1) paid.push(await paidCardOrder(test.id));
    await runBusinessSettingsAction(settingsForm);
    expect(await issueMissingInvoices(2)).toBe(5);
    const issued = await db.select().from(invoices).orderBy(asc(invoices.number));
    expect(issued.map((invoice) => invoice.orderId)).toEqual(paid.map((order) => order.orderId));
    expect(await issueMissingInvoices(2)).toBe(0);
  });
});
