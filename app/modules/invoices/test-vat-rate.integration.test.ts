// A test's own VAT (issue 29, decision 0065): set in the admin test form, kept when a form leaves
// it out, back to its category's when cleared, and frozen on the invoice line.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { invoiceLines, orderItems, orders, tests } from "~/db/schema";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { testCrud } from "~/modules/catalog/manage-tests.server";
import { issueInvoice } from "~/modules/invoices/issue-invoice.server";
import { saveBusinessSettings } from "~/modules/invoices/business-settings.server";
import { DEMO_BUSINESS_SETTINGS } from "~/seed/demo-data.server";
import { createAccount, insertCategory, insertTest } from "~/seed/factories.server";

const vatRateOf = async (id: string) => (await db.select({ value: tests.vatRate }).from(tests).where(eq(tests.id, id)))[0].value;

/** A paid order of one `test` at 105.00, invoiced: its line's rate in basis points and VAT. */
async function invoicedLine(test: { id: string; name: string }) {
  const customer = await createAccount(db);
  const [order] = await db
    .insert(orders)
    .values({ userId: customer.id, totalAmountFils: 10_500, paymentMethod: "stripe", paymentStatus: "paid", orderStatus: "confirmed", customerName: "Sara Ali", customerEmail: customer.email, paidAt: new Date() })
    .returning();
  await db.insert(orderItems).values({ orderId: order.id, testId: test.id, testName: test.name, quantity: 1, unitPriceFils: 10_500, totalPriceFils: 10_500 });
  const issued = await db.transaction((tx) => issueInvoice(tx, order.id));
  if (issued.status !== "issued") throw new Error(issued.status);
  const [line] = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, issued.invoice.id));
  return { rate: line.vatRateBasisPoints, vatFils: line.vatFils };
}

describe("a test's own VAT in the admin test form (issue 29)", () => {
  it("is set, kept when a form leaves it out, cleared back to the category's, and an unknown value is refused", async () => {
    const category = await insertCategory(db, { vatRate: "standard" });
    const test = await insertTest(db, { name: "Antenatal Screen", categoryId: category.id });
    const form = { intent: "update", id: test.id, name: "Antenatal Screen", price: "105", categoryId: category.id };
    expect(await vatRateOf(test.id)).toBeNull();

    expect((await runCrudAction({ ...form, vatRate: "zero" }, testCrud)).init?.status ?? 200).toBe(200);
    expect(await vatRateOf(test.id)).toBe("zero");
    await runCrudAction(form, testCrud);
    expect(await vatRateOf(test.id)).toBe("zero");

    const refused = await runCrudAction({ ...form, vatRate: "reduced" }, testCrud);
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ fieldErrors: { vatRate: ["Please choose the VAT"] } });
    expect(await vatRateOf(test.id)).toBe("zero");

    await runCrudAction({ ...form, vatRate: "" }, testCrud);
    expect(await vatRateOf(test.id)).toBeNull();
  });

  it("is frozen on the invoice line: a zero-rated test in a standard category is invoiced at 0%", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const category = await insertCategory(db, { vatRate: "standard" });
    const test = await insertTest(db, { name: "Prenatal Panel", categoryId: category.id });
    await runCrudAction({ intent: "update", id: test.id, name: "Prenatal Panel", price: "105", categoryId: category.id, vatRate: "zero" }, testCrud);
    expect(await invoicedLine(test)).toEqual({ rate: 0, vatFils: 0 });

    // Back to the category's: the next invoice is at 5%, the first one keeps its 0%.
    await runCrudAction({ intent: "update", id: test.id, name: "Prenatal Panel", price: "105", categoryId: category.id, vatRate: "" }, testCrud);
    expect(await invoicedLine(test)).toEqual({ rate: 500, vatFils: 500 });
  });
});
