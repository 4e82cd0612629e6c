import { and, asc, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import Papa from "papaparse";
import { z } from "zod";
import { db } from "~/db/db.server";
import { bookings, cashCollections, creditNoteLines, creditNotes, invoiceLines, invoices, labs, orders } from "~/db/schema";
import { refundReasonLabel } from "~/modules/lifecycle/payment-status";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { filsToAed } from "~/utils/money";
import { getBusinessSettings, MISSING_BUSINESS_SETTINGS_MESSAGE, saveBusinessSettings } from "~/modules/invoices/business-settings.server";
import { BusinessSettingsSchema, type InvoiceListQuery } from "~/modules/invoices/schemas";
import { cashDueOfOrders } from "~/modules/invoices/order-due.server";
import { countMissingInvoices, queueMissingInvoices } from "~/modules/invoices/missing-invoices.server";

const DUBAI = sql.raw("'Asia/Dubai'");
const LIST_LIMIT = 200;

/** A period of Asia/Dubai dates as instants: [from 00:00, to + 1 day 00:00). */
function period(column: typeof invoices.issuedAt | typeof creditNotes.issuedAt, query: InvoiceListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(column, new Date(`${query.from}T00:00:00+04:00`)));
  if (query.to) conditions.push(lt(column, new Date(new Date(`${query.to}T00:00:00+04:00`).getTime() + 86_400_000)));
  return conditions;
}

const search = (query: InvoiceListQuery) => {
  if (!query.q) return [];
  const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [or(ilike(invoices.number, like), ilike(invoices.customerName, like), ilike(invoices.customerEmail, like)) as SQL];
};

export type TaxDocumentRow = {
  kind: "invoice" | "credit_note";
  number: string;
  invoiceNumber: string;
  issuedAt: Date;
  customerName: string;
  customerEmail: string;
  reason: string | null;
  taxableFils: number;
  vatFils: number;
  totalFils: number;
};

/** Invoices and credit notes issued in the period, matching the search, newest first (credit notes' amounts negative). */
export async function listTaxDocuments(query: InvoiceListQuery, limit: number | null = LIST_LIMIT): Promise<TaxDocumentRow[]> {
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(and(...period(invoices.issuedAt, query), ...search(query)))
    .orderBy(desc(invoices.issuedAt))
    .limit(limit ?? 1_000_000);
  const noteRows = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(...period(creditNotes.issuedAt, query), ...(query.q ? [or(ilike(creditNotes.number, `%${query.q}%`), ...search(query)) as SQL] : [])))
    .orderBy(desc(creditNotes.issuedAt))
    .limit(limit ?? 1_000_000);
  const rows: TaxDocumentRow[] = [
    ...invoiceRows.map((invoice) => ({
      kind: "invoice" as const,
      number: invoice.number,
      invoiceNumber: invoice.number,
      issuedAt: invoice.issuedAt,
      customerName: invoice.customerName,
      customerEmail: invoice.customerEmail,
      reason: null,
      taxableFils: invoice.taxableFils,
      vatFils: invoice.vatFils,
      totalFils: invoice.totalFils,
    })),
    ...noteRows.map(({ note, invoice }) => ({
      kind: "credit_note" as const,
      number: note.number,
      invoiceNumber: invoice.number,
      issuedAt: note.issuedAt,
      customerName: invoice.customerName,
      customerEmail: invoice.customerEmail,
      reason: refundReasonLabel(note.reason),
      taxableFils: -note.taxableFils,
      vatFils: -note.vatFils,
      totalFils: -note.totalFils,
    })),
  ];
  rows.sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime() || b.number.localeCompare(a.number));
  return limit === null ? rows : rows.slice(0, limit);
}

export type VatSummaryRow = {
  period: string;
  rateBasisPoints: number;
  taxableSalesFils: number;
  vatChargedFils: number;
  creditedTaxableFils: number;
  vatReversedFils: number;
  netVatFils: number;
};

/**
 * The VAT return's figures per month ("2026-11") and per quarter ("2026-Q4") of the Asia/Dubai
 * issue date, by rate: taxable sales and VAT of the invoices, taxable amount and VAT of the
 * credit notes, and net VAT. Every figure is a sum of stored document lines, so the summary is
 * the sum of its documents.
 */
export async function vatSummary(query: InvoiceListQuery): Promise<{ months: VatSummaryRow[]; quarters: VatSummaryRow[] }> {
  const month = (column: typeof invoices.issuedAt | typeof creditNotes.issuedAt) => sql<string>`to_char(${column} at time zone ${DUBAI}, 'YYYY-MM')`;
  const sales = await db
    .select({
      period: month(invoices.issuedAt),
      rate: invoiceLines.vatRateBasisPoints,
      taxable: sql<number>`sum(${invoiceLines.taxableFils})::bigint`.mapWith(Number),
      vat: sql<number>`sum(${invoiceLines.vatFils})::bigint`.mapWith(Number),
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(...period(invoices.issuedAt, query)))
    .groupBy(sql`1`, invoiceLines.vatRateBasisPoints);
  const credits = await db
    .select({
      period: month(creditNotes.issuedAt),
      rate: creditNoteLines.vatRateBasisPoints,
      taxable: sql<number>`sum(${creditNoteLines.taxableFils})::bigint`.mapWith(Number),
      vat: sql<number>`sum(${creditNoteLines.vatFils})::bigint`.mapWith(Number),
    })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId))
    .where(and(...period(creditNotes.issuedAt, query)))
    .groupBy(sql`1`, creditNoteLines.vatRateBasisPoints);
  const add = (map: Map<string, VatSummaryRow>, key: string, rate: number, change: Partial<VatSummaryRow>) => {
    const id = `${key}|${rate}`;
    const row = map.get(id) ?? { period: key, rateBasisPoints: rate, taxableSalesFils: 0, vatChargedFils: 0, creditedTaxableFils: 0, vatReversedFils: 0, netVatFils: 0 };
    row.taxableSalesFils += change.taxableSalesFils ?? 0;
    row.vatChargedFils += change.vatChargedFils ?? 0;
    row.creditedTaxableFils += change.creditedTaxableFils ?? 0;
    row.vatReversedFils += change.vatReversedFils ?? 0;
    row.netVatFils = row.vatChargedFils - row.vatReversedFils;
    map.set(id, row);
  };
  const quarterOf = (monthKey: string) => `${monthKey.slice(0, 4)}-Q${Math.ceil(Number(monthKey.slice(5, 7)) / 3)}`;
  const months = new Map<string, VatSummaryRow>();
  const quarters = new Map<string, VatSummaryRow>();
  for (const row of sales) {
    for (const [map, key] of [[months, row.period], [quarters, quarterOf(row.period)]] as const) add(map, key, row.rate, { taxableSalesFils: row.taxable, vatChargedFils: row.vat });
  }
  for (const row of credits) {
    for (const [map, key] of [[months, row.period], [quarters, quarterOf(row.period)]] as const) add(map, key, row.rate, { creditedTaxableFils: row.taxable, vatReversedFils: row.vat });
  }
  const sorted = (map: Map<string, VatSummaryRow>) => [...map.values()].sort((a, b) => b.period.localeCompare(a.period) || b.rateBasisPoints - a.rateBasisPoints);
  return { months: sorted(months), quarters: sorted(quarters) };
}

export type UncollectedCashRow = { labId: string | null; labName: string; date: string; orders: number; amountFils: number; bookings: { bookingId: string; patientName: string; amountFils: number }[] };

/**
 * Cash still to collect, per lab and per day (Asia/Dubai visit date): open cash-on-delivery
 * orders, each counted once, at the lab and date of its first live booking, for what is due
 * (its lines less its cancelled bookings, order-due.server.ts).
 */
export async function uncollectedCash(): Promise<UncollectedCashRow[]> {
  const rows = await db
    .selectDistinctOn([orders.id], {
      orderId: orders.id,
      bookingId: bookings.id,
      patientName: bookings.patientName,
      date: bookings.scheduledDate,
      labId: bookings.labId,
      labName: labs.name,
    })
    .from(orders)
    .innerJoin(bookings, eq(bookings.orderId, orders.id))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .leftJoin(cashCollections, eq(cashCollections.orderId, orders.id))
    .where(
      and(
        eq(orders.paymentMethod, "cash_on_delivery"),
        eq(orders.paymentStatus, "pending"),
        eq(orders.orderStatus, "pending"),
        isNull(cashCollections.id),
        sql`${bookings.status} not in ('cancelled', 'no_show')`,
      ),
    )
    .orderBy(orders.id, asc(bookings.scheduledDate), asc(bookings.scheduledTime));
  const dues = await cashDueOfOrders(db, rows.map((row) => row.orderId));
  const groups = new Map<string, UncollectedCashRow>();
  for (const { orderId, ...booking } of rows) {
    const row = { ...booking, amountFils: dues.get(orderId) ?? 0 };
    const key = `${row.labId ?? "none"}|${row.date}`;
    const group = groups.get(key) ?? { labId: row.labId, labName: row.labName ?? "No lab", date: row.date, orders: 0, amountFils: 0, bookings: [] };
    group.orders += 1;
    group.amountFils += row.amountFils;
    group.bookings.push({ bookingId: row.bookingId, patientName: row.patientName, amountFils: row.amountFils });
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.date.localeCompare(b.date) || a.labName.localeCompare(b.labName));
}

/** /admin/invoices: the documents, the VAT summary, uncollected cash, and whether invoices can be issued. */
export async function invoicesAdminPage(query: InvoiceListQuery) {
  const [settings, documents, summary, cash] = await Promise.all([getBusinessSettings(), listTaxDocuments(query), vatSummary(query), uncollectedCash()]);
  return { query, settingsMissing: settings ? null : MISSING_BUSINESS_SETTINGS_MESSAGE, documents, summary, cash };
}

/** The CSV export of the listed documents (all of the period, no limit). */
export async function taxDocumentsCsv(query: InvoiceListQuery): Promise<string> {
  const rows = await listTaxDocuments(query, null);
  return Papa.unparse(
    rows.map((row) => ({
      type: row.kind === "invoice" ? "Tax invoice" : "Credit note",
      number: row.number,
      invoice: row.invoiceNumber,
      issued_at: row.issuedAt.toISOString(),
      customer: row.customerName,
      email: row.customerEmail,
      reason: row.reason ?? "",
      taxable_aed: filsToAed(row.taxableFils).toFixed(2),
      vat_aed: filsToAed(row.vatFils).toFixed(2),
      total_aed: filsToAed(row.totalFils).toFixed(2),
    })),
  );
}

export async function businessSettingsPage() {
  return { settings: await getBusinessSettings() };
}

/** The business settings form's post: validated (TRN 15 digits), saved. */
export async function runBusinessSettingsAction(form: Record<string, unknown>) {
  const parsed = BusinessSettingsSchema.safeParse(form);
  if (!parsed.success) {
    return formFailure(400, { fieldErrors: z.flattenError(parsed.error).fieldErrors, toast: { type: "error", title: "Settings not saved", description: parsed.error.issues[0]?.message } });
  }
  const { intent: _intent, ...values } = parsed.data;
  // Payments taken before the settings were complete get their invoices now (a job, queued with the save).
  const waiting = await db.transaction(async (tx) => {
    await saveBusinessSettings(values, tx);
    await queueMissingInvoices(tx);
    return countMissingInvoices(tx);
  });
  return formSuccess({
    title: "Business settings saved",
    ...(waiting > 0 ? { description: `${waiting === 1 ? "1 earlier payment" : `${waiting} earlier payments`} without an invoice will be invoiced in a moment.` } : {}),
  });
}
