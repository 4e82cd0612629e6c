import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { bookings, creditNoteLines, creditNotes, invoiceLines, invoices, orders, profiles, testCategories, tests } from "~/db/schema";
import { getNow } from "~/modules/slots/clock.server";
import { todayInDubai } from "~/utils/dubai-date";
import { logger } from "~/utils/logger.server";
import { getBusinessSettings } from "~/modules/invoices/business-settings.server";
import { takeDocumentNumber } from "~/modules/invoices/document-numbers.server";
import { orderChargedLines } from "~/modules/invoices/order-due.server";
import { lineVatRate, VAT_RATE_BASIS_POINTS } from "~/modules/invoices/vat-rates";
import { allocateCredit, splitLine, sumAmounts, type CreditableLine } from "~/modules/invoices/vat";

export type Invoice = typeof invoices.$inferSelect;
export type CreditNote = typeof creditNotes.$inferSelect;

export type InvoiceIssue = { status: "issued" | "exists"; invoice: Invoice } | { status: "missing-settings" } | { status: "not-found" };

/** The year of a document's number: its date of issue in Abu Dhabi. */
function dubaiYear(at: Date): number {
  return Number(todayInDubai(at).slice(0, 4));
}

/**
 * Issues the tax invoice of an order, ONCE, in the caller's transaction (the payment's or the
 * cash collection's): the order row is locked first, so concurrent confirmations queue behind
 * each other and the later ones find the invoice (the unique order_id backs it). The lines and
 * the seller's particulars are copied (frozen): the lines the order charges (order-due.server.ts:
 * a cash-on-delivery order's less its cancelled bookings); each line's VAT rate is its test's (or its
 * category's) treatment now, the home-collection fee standard-rated (decision 0065); the
 * customer is the account's invoice details (a business's name, address and TRN) when saved on
 * the profile, else the order's name. Without business settings nothing is issued
 * ("missing-settings"): the payment itself still stands, and missing-invoices.server.ts issues
 * it once they are saved.
 */
export async function issueInvoice(tx: Transaction, orderId: string): Promise<InvoiceIssue> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) return { status: "not-found" };
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return { status: "exists", invoice: existing };
  const settings = await getBusinessSettings(tx);
  if (!settings) {
    logger.warn({ orderId }, "no invoice issued: the business settings are missing");
    return { status: "missing-settings" };
  }
  const charged = await orderChargedLines(tx, order);
  const testIds = [...new Set(charged.flatMap(({ item }) => (item.testId ? [item.testId] : [])))];
  const rates = testIds.length
    ? await tx
        .select({ testId: tests.id, testRate: tests.vatRate, categoryRate: testCategories.vatRate })
        .from(tests)
        .leftJoin(testCategories, eq(testCategories.id, tests.categoryId))
        .where(inArray(tests.id, testIds))
    : [];
  const lines = charged.map(({ item, quantity, totalFils }, index) => {
    const rate = rates.find((row) => row.testId === item.testId);
    const rateBasisPoints = VAT_RATE_BASIS_POINTS[lineVatRate(item.kind, rate?.testRate, rate?.categoryRate)];
    return {
      position: index + 1,
      kind: item.kind,
      orderItemId: item.id,
      testId: item.testId,
      labId: item.labId,
      testName: item.testName,
      labName: item.labName,
      collectionType: item.collectionType,
      patientName: order.customerName,
      quantity,
      unitPriceFils: item.unitPriceFils,
      vatRateBasisPoints: rateBasisPoints,
      ...splitLine(totalFils, rateBasisPoints),
    };
  });
  const totals = sumAmounts(lines);
  // The customer's invoice details (a business's name, address and TRN), as they are now.
  const [billing] = await tx
    .select({ name: profiles.billingName, address: profiles.billingAddress, trn: profiles.billingTrn })
    .from(profiles)
    .where(eq(profiles.id, order.userId));
  const now = getNow();
  const number = await takeDocumentNumber(tx, "invoice", dubaiYear(now), settings.invoicePrefix);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      orderId,
      userId: order.userId,
      issuedAt: now,
      supplyDate: todayInDubai(order.paidAt ?? now),
      sellerName: settings.legalName,
      sellerNameAr: settings.legalNameAr,
      sellerAddress: settings.address,
      sellerTrn: settings.trn,
      customerName: billing?.name ?? order.customerName,
      customerEmail: order.customerEmail,
      customerAddress: billing?.address ?? null,
      customerTrn: billing?.trn ?? null,
      paymentMethod: order.paymentMethod,
      ...totals,
    })
    .returning();
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: invoice.id })));
  return { status: "issued", invoice };
}

export type CreditNoteIssue = { status: "issued" | "exists"; creditNote: CreditNote } | { status: "no-invoice" } | { status: "nothing-left" };

type RefundForCredit = { id: string; orderId: string; bookingId: string | null; amountFils: number; reason: string };

/**
 * Issues the tax credit note of a refund, once per refund, in the refund's transaction: the
 * amount is spread over what is left of the order's invoice lines, the refunded booking's test
 * line first, then its home-collection fee, then the others; no line (and so no invoice) is ever
 * credited below zero. An order without an invoice (business settings missing when it was
 * paid) gets none.
 */
export async function issueCreditNote(tx: Transaction, refund: RefundForCredit): Promise<CreditNoteIssue> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, refund.orderId)).for("update");
  if (!invoice) return { status: "no-invoice" };
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, refund.id));
  if (existing) return { status: "exists", creditNote: existing };
  const settings = await getBusinessSettings(tx);
  if (!settings) return { status: "no-invoice" };

  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position));
  const credited = lines.length
    ? await tx
        .select({
          invoiceLineId: creditNoteLines.invoiceLineId,
          totalFils: sql<number>`sum(${creditNoteLines.totalFils})::bigint`.mapWith(Number),
          vatFils: sql<number>`sum(${creditNoteLines.vatFils})::bigint`.mapWith(Number),
        })
        .from(creditNoteLines)
        .where(
          inArray(
            creditNoteLines.invoiceLineId,
            lines.map((line) => line.id),
          ),
        )
        .groupBy(creditNoteLines.invoiceLineId)
    : [];
  const creditedByLine = new Map(credited.map((row) => [row.invoiceLineId, row]));
  const [booking] = refund.bookingId ? await tx.select({ testId: bookings.testId }).from(bookings).where(eq(bookings.id, refund.bookingId)) : [];
  const bookingLine = lines.find((line) => line.kind === "test" && booking?.testId && line.testId === booking.testId);
  const priority = (line: (typeof lines)[number]) => {
    if (line === bookingLine) return 0;
    if (bookingLine && line.kind === "home_collection_fee" && line.labId === bookingLine.labId) return 1;
    return 2;
  };
  const creditable: CreditableLine[] = [...lines]
    .sort((a, b) => priority(a) - priority(b) || a.position - b.position)
    .map((line) => ({
      id: line.id,
      rateBasisPoints: line.vatRateBasisPoints,
      remainingTotalFils: line.totalFils - (creditedByLine.get(line.id)?.totalFils ?? 0),
      remainingVatFils: line.vatFils - (creditedByLine.get(line.id)?.vatFils ?? 0),
    }));
  const allocation = allocateCredit(creditable, refund.amountFils);
  if (allocation.uncreditedFils > 0) {
    logger.warn({ refundId: refund.id, uncreditedFils: allocation.uncreditedFils }, "a refund exceeds what is left of its invoice");
  }
  if (allocation.lines.length === 0) return { status: "nothing-left" };
  const totals = sumAmounts(allocation.lines);
  const now = getNow();
  const number = await takeDocumentNumber(tx, "credit_note", dubaiYear(now), settings.creditNotePrefix);
  const [creditNote] = await tx
    .insert(creditNotes)
    .values({
      number,
      invoiceId: invoice.id,
      orderId: refund.orderId,
      refundId: refund.id,
      bookingId: refund.bookingId,
      reason: refund.reason,
      issuedAt: now,
      ...totals,
    })
    .returning();
  await tx.insert(creditNoteLines).values(
    allocation.lines.map((line, index) => ({
      creditNoteId: creditNote.id,
      invoiceLineId: line.invoiceLineId,
      position: index + 1,
      totalFils: line.totalFils,
      taxableFils: line.taxableFils,
      vatRateBasisPoints: line.rateBasisPoints,
      vatFils: line.vatFils,
    })),
  );
  return { status: "issued", creditNote };
}
