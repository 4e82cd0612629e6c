// Invoices of payments taken while the business settings were missing (issue 29): a card
// payment is never refused for want of them, so its order is paid without an invoice
// (issueInvoice answers "missing-settings"), and any refund of it without a credit note. Once an
// admin saves the settings, a job issues them all, oldest payment first.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";
import { businessSettings, creditNotes, invoices, orders, paymentRefunds } from "~/db/schema";
import { issueCreditNote, issueInvoice } from "~/modules/invoices/issue-invoice.server";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { logger } from "~/utils/logger.server";

export const ISSUE_MISSING_INVOICES_JOB = "issue-missing-invoices";

const BATCH = 100;

/** The orders whose money was received (paid, or paid late and refunded) without a tax invoice. */
const missingInvoice = and(inArray(orders.paymentStatus, ["paid", "refunded"]), isNull(invoices.id));

/** How many orders wait for their invoice (the business settings page says so when saving). */
export async function countMissingInvoices(executor: Executor = db) {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(missingInvoice);
  return row?.count ?? 0;
}

/** Queues the catch-up in the caller's transaction (the save of the business settings). */
export async function queueMissingInvoices(executor: Executor) {
  await enqueueJob(executor, ISSUE_MISSING_INVOICES_JOB, {});
}

/** When an order was paid (an order refunded before it was marked paid has no payment time: its last change). */
const paymentOrder = sql`coalesce(${orders.paidAt}, ${orders.updatedAt})`;
// The cursor keeps PostgreSQL's own text of the times: a Date would drop their microseconds.
type Cursor = { paidAt: string; createdAt: string; id: string };

/**
 * Issues the missing invoices, each in order of its payment (the date of supply is the payment's,
 * the date of issue today's), with the credit notes of the refunds of those orders that have
 * none, oldest refund first. Runs in batches that page on from the last order seen, so an order
 * that cannot be invoiced never holds back the ones after it; each batch locks the business
 * settings row first, so two processes running it at once take turns, and the second finds the
 * invoices issued (issueInvoice is once per order anyway). Returns how many invoices were issued;
 * nothing while the settings are still missing.
 */
export async function issueMissingInvoices(batchSize = BATCH): Promise<number> {
  let issued = 0;
  let after: Cursor | undefined;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [settings] = await tx.select({ id: businessSettings.id }).from(businessSettings).where(eq(businessSettings.id, 1)).for("update");
      if (!settings) return { issued: 0, last: undefined };
      const waiting = await tx
        .select({ id: orders.id, paidAt: sql<string>`${paymentOrder}::text`, createdAt: sql<string>`${orders.createdAt}::text` })
        .from(orders)
        .leftJoin(invoices, eq(invoices.orderId, orders.id))
        .where(after ? and(missingInvoice, sql`(${paymentOrder}, ${orders.createdAt}, ${orders.id}) > (${after.paidAt}::timestamptz, ${after.createdAt}::timestamptz, ${after.id}::uuid)`) : missingInvoice)
        .orderBy(asc(paymentOrder), asc(orders.createdAt), asc(orders.id))
        .limit(batchSize);
      let count = 0;
      for (const order of waiting) {
        const invoice = await issueInvoice(tx, order.id);
        if (invoice.status !== "issued") continue;
        count += 1;
        const refunds = await tx
          .select({ refund: paymentRefunds })
          .from(paymentRefunds)
          .leftJoin(creditNotes, eq(creditNotes.refundId, paymentRefunds.id))
          .where(and(eq(paymentRefunds.orderId, order.id), isNull(creditNotes.id)))
          .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
        for (const { refund } of refunds) await issueCreditNote(tx, refund);
      }
      return { issued: count, last: waiting.length === batchSize ? waiting[batchSize - 1] : undefined };
    });
    issued += batch.issued;
    if (!batch.last) break;
    after = batch.last;
  }
  if (issued > 0) logger.info({ issued }, "issued the invoices of payments taken before the business settings were set");
  return issued;
}
