import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateCredit, documentNumber, splitLine, sumAmounts, vatIncludedIn, type CreditableLine } from "~/modules/invoices/vat";

describe("VAT extracted from VAT-inclusive prices, rounded once per line (decision 0065)", () => {
  it("takes 5/105 of a line, half up to the fil", () => {
    expect(vatIncludedIn(10_500, 500)).toBe(500);
    expect(vatIncludedIn(15_000, 500)).toBe(714); // 714.28
    expect(vatIncludedIn(21, 500)).toBe(1); // 1.0
    expect(vatIncludedIn(10, 500)).toBe(0); // 0.476
    expect(vatIncludedIn(31_500, 0)).toBe(0);
    expect(() => vatIncludedIn(-1, 500)).toThrow(RangeError);
  });

  it("numbers documents INV-2026-000123", () => {
    expect(documentNumber("INV", 2026, 123)).toBe("INV-2026-000123");
  });

  const line = fc.record({
    unitPriceFils: fc.integer({ min: 0, max: 5_000_000 }),
    quantity: fc.integer({ min: 1, max: 10 }),
    rate: fc.constantFrom(0, 500),
  });
  const basket = fc.array(line, { minLength: 1, maxLength: 21 });

  it("1,000 random baskets: every invoice adds up exactly, line by line and in total", () => {
    fc.assert(
      fc.property(basket, (lines) => {
        const split = lines.map((l) => ({ ...splitLine(l.unitPriceFils * l.quantity, l.rate), rate: l.rate }));
        for (const s of split) {
          expect(s.taxableFils + s.vatFils).toBe(s.totalFils);
          expect(s.vatFils).toBeGreaterThanOrEqual(0);
          // Within half a fil of the exact VAT of the line.
          expect(Math.abs(s.vatFils * (10_000 + s.rate) - s.totalFils * s.rate)).toBeLessThanOrEqual((10_000 + s.rate) / 2);
        }
        const totals = sumAmounts(split);
        expect(totals.totalFils).toBe(lines.reduce((sum, l) => sum + l.unitPriceFils * l.quantity, 0));
        expect(totals.taxableFils + totals.vatFils).toBe(totals.totalFils);
      }),
      { numRuns: 1_000 },
    );
  });

  it("1,000 random baskets and refunds: credit notes add up, reverse VAT within the line's, and never take a line below zero", () => {
    fc.assert(
      fc.property(basket, fc.array(fc.integer({ min: 1, max: 20_000_000 }), { minLength: 1, maxLength: 6 }), (lines, refunds) => {
        const invoice = lines.map((l, index) => ({ id: String(index), ...splitLine(l.unitPriceFils * l.quantity, l.rate), rate: l.rate }));
        const left = new Map(invoice.map((l) => [l.id, { total: l.totalFils, vat: l.vatFils }]));
        for (const refund of refunds) {
          const creditable: CreditableLine[] = invoice.map((l) => ({
            id: l.id,
            rateBasisPoints: l.rate,
            remainingTotalFils: left.get(l.id)!.total,
            remainingVatFils: left.get(l.id)!.vat,
          }));
          const before = [...left.values()].reduce((sum, l) => sum + l.total, 0);
          const { lines: credit, uncreditedFils } = allocateCredit(creditable, refund);
          const note = sumAmounts(credit);
          expect(note.totalFils + uncreditedFils).toBe(refund);
          expect(note.totalFils).toBe(Math.min(refund, before));
          expect(note.taxableFils + note.vatFils).toBe(note.totalFils);
          for (const c of credit) {
            const rest = left.get(c.invoiceLineId)!;
            expect(c.vatFils).toBeGreaterThanOrEqual(0);
            expect(c.taxableFils).toBeGreaterThanOrEqual(0);
            rest.total -= c.totalFils;
            rest.vat -= c.vatFils;
            expect(rest.total).toBeGreaterThanOrEqual(0);
            expect(rest.vat).toBeGreaterThanOrEqual(0);
            expect(rest.vat).toBeLessThanOrEqual(rest.total);
          }
        }
        // A line credited in full has had exactly its VAT reversed.
        for (const l of invoice) if (left.get(l.id)!.total === 0) expect(left.get(l.id)!.vat).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  });
});
