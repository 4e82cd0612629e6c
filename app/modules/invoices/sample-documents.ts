import type { TaxDocument } from "~/modules/invoices/invoice-documents.server";

// Sample tax documents (no database) for docs/invoices/ (npm run invoices:sample) and the PDF test.
const issuedAt = new Date("2026-11-26T08:15:00Z");
const invoice = {
  id: "00000000-0000-4000-8000-000000000001",
  number: "INV-2026-000123",
  orderId: "00000000-0000-4000-8000-000000000002",
  userId: null,
  issuedAt,
  supplyDate: "2026-11-26",
  sellerName: "LabTest Hub Healthcare Services L.L.C.",
  sellerNameAr: "لاب تست هب للخدمات الصحية ذ.م.م",
  sellerAddress: "Office 1204, Al Maryah Tower, Al Maryah Island, Abu Dhabi, United Arab Emirates",
  sellerTrn: "100234567800003",
  customerName: "Aisha Al Mansoori",
  customerEmail: "customer@labtesthub.ae",
  customerAddress: null,
  customerTrn: null,
  paymentMethod: "stripe",
  taxableFils: 42_372,
  vatFils: 1_578,
  totalFils: 43_950,
  createdAt: issuedAt,
};
const line = (position: number, values: Partial<TaxDocument["invoice"]> & Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-00000000001${position}`,
  invoiceId: invoice.id,
  position,
  kind: "test" as const,
  orderItemId: null,
  testId: null,
  labId: null,
  testName: "",
  labName: "Al Noor Diagnostic Centre",
  collectionType: "walk_in",
  patientName: "Aisha Al Mansoori",
  quantity: 1,
  unitPriceFils: 0,
  totalFils: 0,
  taxableFils: 0,
  vatRateBasisPoints: 500,
  vatFils: 0,
  ...values,
});
const lines = [
  line(1, { testName: "Vitamin D (25-OH)", collectionType: "home", quantity: 2, unitPriceFils: 15_000, totalFils: 30_000, taxableFils: 28_571, vatFils: 1_429 }),
  line(2, { testName: "Thyroid Panel (TSH, Free T4)", quantity: 1, unitPriceFils: 9_950, totalFils: 9_950, taxableFils: 9_950, vatRateBasisPoints: 0, vatFils: 0 }),
  line(3, { kind: "home_collection_fee", testName: "Home collection fee", collectionType: "home", patientName: null, unitPriceFils: 4_000, totalFils: 4_000, taxableFils: 3_810, vatFils: 190 }),
] as TaxDocument["lines"] as Extract<TaxDocument, { kind: "invoice" }>["lines"];

export const sampleInvoice: TaxDocument = { kind: "invoice", invoice, lines };

export const sampleCreditNote: TaxDocument = {
  kind: "credit_note",
  invoice,
  creditNote: {
    id: "00000000-0000-4000-8000-000000000020",
    number: "CN-2026-000007",
    invoiceId: invoice.id,
    orderId: invoice.orderId,
    refundId: null,
    bookingId: null,
    reason: "booking_cancelled",
    issuedAt: new Date("2026-11-27T06:00:00Z"),
    taxableFils: 23_810,
    vatFils: 1_190,
    totalFils: 25_000,
    createdAt: new Date("2026-11-27T06:00:00Z"),
  },
  lines: [{ line: lines[0], totalFils: 25_000, taxableFils: 23_810, vatFils: 1_190, vatRateBasisPoints: 500 }],
};
