import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { creditNotes, invoices } from "~/db/schema";
import { DEMO_BUSINESS_SETTINGS } from "~/seed/demo-data.server";
import { getBusinessSettings, saveBusinessSettings } from "~/modules/invoices/business-settings.server";
import { listTaxDocuments, runBusinessSettingsAction, taxDocumentsCsv, vatSummary } from "~/modules/invoices/invoices-admin.server";
import { issueCreditNote, issueInvoice } from "~/modules/invoices/issue-invoice.server";
import { createAccount, insertCategory, insertTest } from "~/seed/factories.server";
import { orderItems, orders, paymentRefunds } from "~/db/schema";

/** An order with lines at the given prices (some zero-rated), paid and invoiced. */
async function invoicedOrder(lines: { priceFils: number; quantity: number; zero?: boolean }[]) {
  const customer = await createAccount(db);
  const zero = await insertCategory(db, { name: `Zero ${crypto.randomUUID().slice(0, 6)}`, vatRate: "zero" });
  const total = lines.reduce((sum, line) => sum + line.priceFils * line.quantity, 0);
  const [order] = await db
    .insert(orders)
    .values({ userId: customer.id, totalAmountFils: total, paymentMethod: "stripe", paymentStatus: "paid", orderStatus: "confirmed", customerName: "Sara Ali", customerEmail: customer.email, paidAt: new Date() })
    .returning();
  for (const line of lines) {
    const test = await insertTest(db, { priceFils: line.priceFils, categoryId: line.zero ? zero.id : null });
    await db.insert(orderItems).values({ orderId: order.id, testId: test.id, testName: test.name, quantity: line.quantity, unitPriceFils: line.priceFils, totalPriceFils: line.priceFils * line.quantity });
  }
  const issued = await db.transaction((tx) => issueInvoice(tx, order.id));
  if (issued.status !== "issued") throw new Error(issued.status);
  return { order, invoice: issued.invoice };
}

describe("the admin's invoices", () => {
  it("the VAT summary equals the sum of the documents it covers, per month and per quarter", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const a = await invoicedOrder([{ priceFils: 15_000, quantity: 2 }, { priceFils: 9_950, quantity: 1, zero: true }]);
    await invoicedOrder([{ priceFils: 12_345, quantity: 3 }]);
    const [refund] = await db.insert(paymentRefunds).values({ orderId: a.order.id, amountFils: 7_777, reason: "booking_cancelled", idempotencyKey: "r1" }).returning();
    expect(await db.transaction((tx) => issueCreditNote(tx, refund))).toMatchObject({ status: "issued" });

    const summary = await vatSummary({});
    const docs = { invoices: await db.select().from(invoices), notes: await db.select().from(creditNotes) };
    const sum = (rows: { vatFils: number }[]) => rows.reduce((total, row) => total + row.vatFils, 0);
    for (const rows of [summary.months, summary.quarters]) {
      expect(rows.reduce((total, row) => total + row.vatChargedFils, 0)).toBe(sum(docs.invoices));
      expect(rows.reduce((total, row) => total + row.vatReversedFils, 0)).toBe(sum(docs.notes));
      expect(rows.reduce((total, row) => total + row.taxableSalesFils, 0)).toBe(docs.invoices.reduce((t, row) => t + row.taxableFils, 0));
      expect(rows.reduce((total, row) => total + row.netVatFils, 0)).toBe(sum(docs.invoices) - sum(docs.notes));
    }
    expect(summary.months.map((row) => row.rateBasisPoints).sort()).toEqual([0, 500]);

    const listed = await listTaxDocuments({ q: "Sara" });
    expect(listed).toHaveLength(3);
    const csv = await taxDocumentsCsv({});
    expect(csv.split("\r\n")[0]).toBe("type,number,invoice,issued_at,customer,email,reason,taxable_aed,vat_aed,total_aed");
    expect(csv).toContain("Credit note");
    expect(csv).toContain("-77.77");
  });

  it("business settings: a TRN must be 15 digits; saved once valid", async () => {
    const refused = await runBusinessSettingsAction({ intent: "save-business-settings", ...DEMO_BUSINESS_SETTINGS, trn: "12345" });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { trn: ["The TRN is 15 digits."] } });
    expect(await getBusinessSettings()).toBeNull();
    const saved = await runBusinessSettingsAction({ intent: "save-business-settings", ...DEMO_BUSINESS_SETTINGS, trn: "100 2345 6780 0003" });
    expect(saved.data).toMatchObject({ ok: true });
    expect(await getBusinessSettings()).toMatchObject({ trn: "100234567800003", invoicePrefix: "INV" });
  });

  it("business settings: control characters (a NUL, which PostgreSQL text cannot hold) are removed before the checks, never a server error", async () => {
    const saved = await runBusinessSettingsAction({
      intent: "save-business-settings",
      ...DEMO_BUSINESS_SETTINGS,
      legalName: "LabTest\u0000 Hub L.L.C.",
      legalNameAr: "\u0000لاب تست هب",
      address: "Office 1204,\u0007 Abu Dhabi\u0000",
      trn: "1002345678\u000000003",
    });
    expect(saved.data).toMatchObject({ ok: true });
    expect(await getBusinessSettings()).toMatchObject({ legalName: "LabTest Hub L.L.C.", legalNameAr: "لاب تست هب", address: "Office 1204, Abu Dhabi", trn: "100234567800003" });
    // Nothing left once the NULs are gone: refused at the field, as an empty one is.
    const refused = await runBusinessSettingsAction({ intent: "save-business-settings", ...DEMO_BUSINESS_SETTINGS, legalName: "\u0000\u0000 " });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { legalName: ["Enter the legal name."] } });
  });
});
