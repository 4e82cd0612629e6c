import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, invoices, profiles } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { DEMO_BUSINESS_SETTINGS } from "~/seed/demo-data.server";
import { TRN_MESSAGE, TRN_NEEDS_BUSINESS_MESSAGE } from "~/modules/accounts/billing-details";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { saveBusinessSettings } from "~/modules/invoices/business-settings.server";
import { recordCashCollected } from "~/modules/payments/record-cash.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { loader as documentLoader } from "~/routes/dashboard.documents";
import { patientDetails } from "../../../tests/fakes/patient-details";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const SLOT_DATE = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

const business = { billingName: "Gulf Trading L.L.C.", billingAddress: "Office 5, Khalifa Street, Abu Dhabi", billingTrn: "100 3456 7890 1234" };

describe("the customer's invoice details", () => {
  it("are validated on the profile, frozen on the invoice when it is issued, and printed on its PDF", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const password = "Customer#2026-long";
    const customer = await createAccount(db, { password });
    const asCustomer = await signedInAs({ ...customer, password });
    const post = (fields: Record<string, string>) =>
      routeOutcome(() => profileAction(routeArgs<Parameters<typeof profileAction>[0]>(asCustomer("/profile", { method: "POST", body: form(fields) }))));

    // A TRN of 14 digits, or one without the business's address, is refused; nothing is saved.
    const short = await post({ intent: "billing-details", ...business, billingTrn: "10034567890123" });
    expect(short).toMatchObject({ status: 400, body: { fieldErrors: { billingTrn: [TRN_MESSAGE] } } });
    const lettered = await post({ intent: "billing-details", ...business, billingTrn: "10034567890123X" });
    expect(lettered).toMatchObject({ status: 400, body: { fieldErrors: { billingTrn: [TRN_MESSAGE] } } });
    const alone = await post({ intent: "billing-details", ...business, billingAddress: " " });
    expect(alone).toMatchObject({ status: 400, body: { fieldErrors: { billingTrn: [TRN_NEEDS_BUSINESS_MESSAGE] } } });
    expect((await db.select().from(profiles).where(eq(profiles.id, customer.id)))[0]?.billingTrn ?? null).toBeNull();

    expect(await post({ intent: "billing-details", ...business })).toMatchObject({ status: 200, body: { ok: true, toast: { title: "Invoice details saved" } } });
    const page = await routeOutcome(() => profileLoader(routeArgs<Parameters<typeof profileLoader>[0]>(asCustomer("/profile"))));
    expect(page.body).toMatchObject({ billing: { billingName: business.billingName, billingAddress: business.billingAddress, billingTrn: "100345678901234" } });

    const lab = await insertLab(db, { openingHours: everyDay("07:00", "21:00"), walkInSlotMinutes: 30, walkInCapacity: 5 });
    const test = await insertTest(db, { name: "Vitamin D", priceFils: 15_000 });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 15_000, walkIn: true, homeCollection: false, isActive: true });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    const order = await placeCashOnDeliveryOrder(customer.id, patientDetails("Layla Haddad", { scheduledDate: SLOT_DATE }));
    const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    const recorded = await recordCashCollected({ kind: "admin", id: (await createAccount(db)).id }, { bookingId: booking.id, amountFils: 15_000 });
    if (!recorded.ok || !recorded.invoiceNumber) throw new Error("not recorded");

    // Cleared afterwards: the invoice keeps what it was issued with.
    expect(await post({ intent: "billing-details", billingName: "", billingAddress: "", billingTrn: "" })).toMatchObject({ status: 200 });
    expect((await db.select().from(profiles).where(eq(profiles.id, customer.id)))[0]).toMatchObject({ billingName: null, billingAddress: null, billingTrn: null });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice).toMatchObject({ customerName: business.billingName, customerAddress: business.billingAddress, customerTrn: "100345678901234" });

    const response = (await documentLoader(routeArgs(asCustomer(`/dashboard/documents/${invoice.number}`), { number: invoice.number }))) as Response;
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    for (const expected of ["Gulf Trading L.L.C.", "Khalifa Street", "100345678901234", "Layla Haddad"]) expect(text).toContain(expected);
  });
});
