import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "~/db/schema/auth";
import { labs } from "~/db/schema/catalog";
import { bookings, oneOf, orderItems, paymentRefunds } from "~/db/schema/commerce";
import { createdAt, fils, id, updatedAt } from "~/db/schema/columns";
import { documentSeries } from "~/modules/invoices/vat-rates";
import { orderLineKinds } from "~/modules/slots/collection-types";

/**
 * The seller's particulars printed on every tax invoice and credit note (issue 29). One row
 * (id = 1); no invoice is issued until legal name, address and TRN are set.
 */
export const businessSettings = pgTable(
  "business_settings",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull(),
    legalNameAr: text("legal_name_ar"),
    address: text("address").notNull(),
    /** The UAE Tax Registration Number: 15 digits. */
    trn: text("trn").notNull(),
    invoicePrefix: text("invoice_prefix").notNull().default("INV"),
    creditNotePrefix: text("credit_note_prefix").notNull().default("CN"),
    updatedAt: updatedAt(),
  },
  (t) => [check("business_settings_single_row", sql`${t.id} = 1`), check("business_settings_trn_digits", sql`${t.trn} ~ '^[0-9]{15}$'`)],
);

/**
 * The last number given per series and year. Taken with one upsert in the document's own
 * transaction: the row stays locked until commit, so numbers never repeat, and a rolled-back
 * document gives its number back (no gap) - the capacity counter's pattern.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series", { enum: documentSeries }).notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] }), check("document_counters_series_check", oneOf(t.series, documentSeries)), check("document_counters_positive", sql`${t.lastNumber} > 0`)],
);

/** A tax invoice: one per order, frozen when issued (seller, customer, lines, totals). */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    number: text("number").notNull().unique(),
    /** No foreign key: a tax document outlives its order (and its customer's account). */
    orderId: uuid("order_id").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The date of supply (Asia/Dubai): when the payment was received. */
    supplyDate: date("supply_date", { mode: "string" }).notNull(),
    sellerName: text("seller_name").notNull(),
    sellerNameAr: text("seller_name_ar"),
    sellerAddress: text("seller_address").notNull(),
    sellerTrn: text("seller_trn").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerAddress: text("customer_address"),
    customerTrn: text("customer_trn"),
    paymentMethod: text("payment_method").notNull(),
    taxableFils: fils("taxable_fils").notNull(),
    vatFils: fils("vat_fils").notNull(),
    totalFils: fils("total_fils").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoices_issued_at_idx").on(t.issuedAt),
    index("invoices_user_idx").on(t.userId),
    check("invoices_totals_add_up", sql`${t.taxableFils} + ${t.vatFils} = ${t.totalFils} and ${t.vatFils} >= 0 and ${t.taxableFils} >= 0`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: orderLineKinds }).notNull(),
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    testId: uuid("test_id"),
    labId: uuid("lab_id").references(() => labs.id, { onDelete: "set null" }),
    testName: text("test_name").notNull(),
    labName: text("lab_name"),
    collectionType: text("collection_type"),
    patientName: text("patient_name"),
    quantity: integer("quantity").notNull(),
    unitPriceFils: fils("unit_price_fils").notNull(),
    /** VAT-inclusive amount of the line (quantity x unit price). */
    totalFils: fils("total_fils").notNull(),
    taxableFils: fils("taxable_fils").notNull(),
    vatRateBasisPoints: integer("vat_rate_bp").notNull(),
    vatFils: fils("vat_fils").notNull(),
  },
  (t) => [
    index("invoice_lines_invoice_idx").on(t.invoiceId, t.position),
    check("invoice_lines_kind_check", oneOf(t.kind, orderLineKinds)),
    check("invoice_lines_add_up", sql`${t.taxableFils} + ${t.vatFils} = ${t.totalFils} and ${t.vatFils} >= 0 and ${t.taxableFils} >= 0`),
  ],
);

/** A tax credit note: money given back on an invoice (one per refund), with the VAT it reverses. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: id(),
    number: text("number").notNull().unique(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").notNull(),
    refundId: uuid("refund_id")
      .unique()
      .references(() => paymentRefunds.id, { onDelete: "set null" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The refund's reason (payment-status.ts refundReasons). */
    reason: text("reason").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Amounts credited (positive numbers, subtracted from the invoice). */
    taxableFils: fils("taxable_fils").notNull(),
    vatFils: fils("vat_fils").notNull(),
    totalFils: fils("total_fils").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_notes_invoice_idx").on(t.invoiceId),
    index("credit_notes_issued_at_idx").on(t.issuedAt),
    check("credit_notes_totals_add_up", sql`${t.taxableFils} + ${t.vatFils} = ${t.totalFils} and ${t.vatFils} >= 0 and ${t.taxableFils} >= 0 and ${t.totalFils} > 0`),
  ],
);

export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: id(),
    creditNoteId: uuid("credit_note_id")
      .notNull()
      .references(() => creditNotes.id, { onDelete: "cascade" }),
    invoiceLineId: uuid("invoice_line_id")
      .notNull()
      .references(() => invoiceLines.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    totalFils: fils("total_fils").notNull(),
    taxableFils: fils("taxable_fils").notNull(),
    vatRateBasisPoints: integer("vat_rate_bp").notNull(),
    vatFils: fils("vat_fils").notNull(),
  },
  (t) => [
    index("credit_note_lines_note_idx").on(t.creditNoteId, t.position),
    index("credit_note_lines_invoice_line_idx").on(t.invoiceLineId),
    check("credit_note_lines_add_up", sql`${t.taxableFils} + ${t.vatFils} = ${t.totalFils} and ${t.vatFils} >= 0 and ${t.taxableFils} >= 0`),
  ],
);

/** Cash collected for a cash-on-delivery order, recorded by lab staff or an admin at the visit. */
export const cashCollections = pgTable(
  "cash_collections",
  {
    id: id(),
    /** No foreign key: a tax document outlives its order (and its customer's account). */
    orderId: uuid("order_id").notNull().unique(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    labId: uuid("lab_id").references(() => labs.id, { onDelete: "set null" }),
    amountFils: fils("amount_fils").notNull(),
    collectedBy: text("collected_by").references(() => user.id, { onDelete: "set null" }),
    /** "lab" (portal) or "admin". */
    collectedByKind: text("collected_by_kind").notNull(),
    collectedAt: timestamp("collected_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("cash_collections_lab_idx").on(t.labId, t.collectedAt), check("cash_collections_amount_positive", sql`${t.amountFils} > 0`)],
);
