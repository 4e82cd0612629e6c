import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, cashCollections, invoices, orders, sentMessages } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { DEMO_BUSINESS_SETTINGS } from "~/seed/demo-data.server";
import { jobHandlers } from "~/job-handlers.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { saveBusinessSettings, MISSING_BUSINESS_SETTINGS_MESSAGE } from "~/modules/invoices/business-settings.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { recordCashCollected, wrongAmountMessage } from "~/modules/payments/record-cash.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { loader as documentLoader } from "~/routes/dashboard.documents";
import { patientDetails } from "../../../tests/fakes/patient-details";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const SLOT_DATE = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

async function codOrder() {
  const lab = await insertLab(db, { name: "Al Noor Lab", openingHours: everyDay("07:00", "21:00"), walkInSlotMinutes: 30, walkInCapacity: 5 });
  const test = await insertTest(db, { name: "Vitamin D", priceFils: 15_000 });
  await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 15_000, walkIn: true, homeCollection: false, isActive: true });
  const password = "Customer#2026-long";
  const customer = await createAccount(db, { email: `c${crypto.randomUUID().slice(0, 6)}@example.com`, password });
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
  const order = await placeCashOnDeliveryOrder(customer.id, patientDetails("Layla Haddad", { scheduledDate: SLOT_DATE }));
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
  return { lab, customer: { ...customer, password }, order, booking };
}

const staff = async () => ({ kind: "lab" as const, id: (await createAccount(db)).id });

describe("cash collected on a cash-on-delivery order", () => {
  it("a wrong amount is refused with the figure; the right one pays the order, issues the invoice and e-mails it; a second is refused", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const { lab, order, booking } = await codOrder();
    const actor = await staff();
    expect(await recordCashCollected(actor, { bookingId: booking.id, amountFils: 25_000, labId: lab.id })).toEqual({
      ok: false,
      status: 400,
      message: wrongAmountMessage(30_000),
    });
    expect(wrongAmountMessage(30_000)).toBe("The amount due is AED 300.00. Record exactly that amount.");
    // Another lab's member finds no such booking.
    expect(await recordCashCollected(actor, { bookingId: booking.id, amountFils: 30_000, labId: crypto.randomUUID() })).toMatchObject({ ok: false, status: 404 });

    const recorded = await recordCashCollected(actor, { bookingId: booking.id, amountFils: 30_000, labId: lab.id });
    expect(recorded).toMatchObject({ ok: true, amountFils: 30_000, invoiceNumber: expect.stringMatching(/^INV-\d{4}-000001$/) });
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ paymentStatus: "paid", orderStatus: "confirmed" });
    const [cash] = await db.select().from(cashCollections).where(eq(cashCollections.orderId, order.id));
    expect(cash).toMatchObject({ amountFils: 30_000, collectedBy: actor.id, collectedByKind: "lab", labId: lab.id });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice).toMatchObject({ paymentMethod: "cash_on_delivery", totalFils: 30_000, vatFils: 1_429 });

    const second = await recordCashCollected(actor, { bookingId: booking.id, amountFils: 30_000, labId: lab.id });
    expect(second).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("already recorded: AED 300.00") });

    await runDueJobs(jobHandlers);
    const mails = await db.select().from(sentMessages).where(eq(sentMessages.orderId, order.id));
    const payment = mails.find((mail) => mail.kind === "payment_received");
    expect(payment?.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`${invoice.number}.pdf`, "application/pdf"]]);
    const { text } = await extractText(new Uint8Array(Buffer.from(payment!.attachments[0].content, "base64")), { mergePages: true });
    expect(text).toContain("Tax Invoice");
    expect(text).toContain(invoice.number);
  });

  it("is refused with a clear message until the business settings are set", async () => {
    const { lab, booking } = await codOrder();
    expect(await recordCashCollected(await staff(), { bookingId: booking.id, amountFils: 30_000, labId: lab.id })).toEqual({
      ok: false,
      status: 409,
      message: MISSING_BUSINESS_SETTINGS_MESSAGE,
    });
  });
});

describe("a customer's tax documents", () => {
  it("the owner downloads the invoice PDF (Tax Invoice, TRN, number, line VAT, total); anyone else gets 404", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const { lab, customer, booking } = await codOrder();
    const recorded = await recordCashCollected(await staff(), { bookingId: booking.id, amountFils: 30_000, labId: lab.id });
    if (!recorded.ok || !recorded.invoiceNumber) throw new Error("not recorded");
    const path = `/dashboard/documents/${recorded.invoiceNumber}`;
    const owner = await signedInAs(customer);
    const response = (await documentLoader(routeArgs(owner(path), { number: recorded.invoiceNumber }))) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    for (const expected of ["Tax Invoice", DEMO_BUSINESS_SETTINGS.trn, recorded.invoiceNumber, "AED 14.29", "AED 285.71", "AED 300.00"]) expect(text).toContain(expected);

    const password = "Another#2026-long";
    const stranger = await signedInAs({ ...(await createAccount(db, { email: "someone@example.com", password })), password });
    expect(await routeOutcome(() => documentLoader(routeArgs(stranger(path), { number: recorded.invoiceNumber! })))).toMatchObject({ status: 404 });
    expect(await routeOutcome(() => documentLoader(routeArgs(stranger("/dashboard/documents/x'--"), { number: "x'--" })))).toMatchObject({ status: 404 });
  });
});
