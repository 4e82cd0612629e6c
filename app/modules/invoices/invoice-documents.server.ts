import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/db.server";
import { creditNoteLines, creditNotes, invoiceLines, invoices } from "~/db/schema";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** What a tax document's PDF is rendered from: the frozen rows only (never the live order). */
export type TaxDocument =
  | { kind: "invoice"; invoice: InvoiceRow; lines: InvoiceLineRow[] }
  | {
      kind: "credit_note";
      invoice: InvoiceRow;
      creditNote: CreditNoteRow;
      lines: { line: InvoiceLineRow; totalFils: number; taxableFils: number; vatFils: number; vatRateBasisPoints: number }[];
    };

/** An invoice with its lines; with `userId`, only the customer's own (another's is null: 404). */
export async function findInvoiceDocument(number: string, scope: { userId?: string } = {}): Promise<TaxDocument | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.number, number), ...(scope.userId === undefined ? [] : [eq(invoices.userId, scope.userId)])));
  if (!invoice) return null;
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position));
  return { kind: "invoice", invoice, lines };
}

/** The invoice of an order (the payment-received e-mail's attachment), or null. */
export async function findOrderInvoiceDocument(orderId: string): Promise<TaxDocument | null> {
  const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return invoice ? findInvoiceDocument(invoice.number) : null;
}

/** A credit note with the invoice it corrects; with `userId`, only the customer's own. */
export async function findCreditNoteDocument(number: string, scope: { userId?: string } = {}): Promise<TaxDocument | null> {
  const [row] = await db
    .select({ creditNote: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.number, number), ...(scope.userId === undefined ? [] : [eq(invoices.userId, scope.userId)])));
  if (!row) return null;
  const credited = await db
    .select({ credit: creditNoteLines, line: invoiceLines })
    .from(creditNoteLines)
    .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
    .where(eq(creditNoteLines.creditNoteId, row.creditNote.id))
    .orderBy(asc(creditNoteLines.position));
  return {
    kind: "credit_note",
    invoice: row.invoice,
    creditNote: row.creditNote,
    lines: credited.map(({ credit, line }) => ({
      line,
      totalFils: credit.totalFils,
      taxableFils: credit.taxableFils,
      vatFils: credit.vatFils,
      vatRateBasisPoints: credit.vatRateBasisPoints,
    })),
  };
}

/** Any tax document by its number (INV-... or CN-... with whatever prefixes the settings had). */
export async function findTaxDocument(number: string, scope: { userId?: string } = {}): Promise<TaxDocument | null> {
  return (await findInvoiceDocument(number, scope)) ?? (await findCreditNoteDocument(number, scope));
}

export type OrderDocuments = { invoice: { number: string; totalFils: number } | null; creditNotes: { number: string; totalFils: number }[] };

/** The invoice and credit notes of each of a customer's orders (the dashboard's download links). */
export async function documentsOfOrders(userId: string, orderIds: string[]): Promise<Record<string, OrderDocuments>> {
  const result: Record<string, OrderDocuments> = {};
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({ id: invoices.id, orderId: invoices.orderId, number: invoices.number, totalFils: invoices.totalFils })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), inArray(invoices.orderId, orderIds)));
  for (const row of rows) result[row.orderId] = { invoice: { number: row.number, totalFils: row.totalFils }, creditNotes: [] };
  if (rows.length === 0) return result;
  const notes = await db
    .select({ orderId: creditNotes.orderId, number: creditNotes.number, totalFils: creditNotes.totalFils })
    .from(creditNotes)
    .where(
      inArray(
        creditNotes.invoiceId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  for (const note of notes) result[note.orderId]?.creditNotes.push({ number: note.number, totalFils: note.totalFils });
  return result;
}
