/**
 * VAT treatments of a category or a test (issue 29, decision 0065), client-safe and import-free:
 * the schema types its columns with this list. A test without its own treatment takes its
 * category's; a test without a category is standard-rated.
 */
export const vatRates = ["standard", "zero"] as const;
export type VatRate = (typeof vatRates)[number];

/** An order line's treatment: its test's, else its category's, else standard; a home-collection fee is standard-rated (decision 0065). */
export function lineVatRate(kind: string, testRate: VatRate | null | undefined, categoryRate: VatRate | null | undefined): VatRate {
  return kind === "home_collection_fee" ? "standard" : (testRate ?? categoryRate ?? "standard");
}

/** The rate of each treatment in basis points (500 = 5 %), frozen on every invoice line. */
export const VAT_RATE_BASIS_POINTS: Record<VatRate, number> = { standard: 500, zero: 0 };

export const VAT_RATE_LABELS: Record<VatRate, string> = { standard: "Standard (5%)", zero: "Zero-rated (0%)" };

/** Document kinds with their own number series (a counter row per kind and year). */
export const documentSeries = ["invoice", "credit_note"] as const;
export type DocumentSeries = (typeof documentSeries)[number];
