/**
 * VAT arithmetic of tax invoices and credit notes, in integer fils (decision 0065). Prices on
 * the site include VAT, so each line's VAT is EXTRACTED from its VAT-inclusive amount
 * (quantity x unit price), rounded half up to the fil, once per line; the line's taxable amount
 * is the rest. A document's totals are the sums of its lines, so every document adds up to the
 * fil by construction. Client-safe, no imports beyond the rate list.
 */

/** round-half-up(gross x rate / (1 + rate)) for a rate in basis points (500 = 5 %). */
export function vatIncludedIn(grossFils: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(grossFils) || grossFils < 0) throw new RangeError("A line amount is a non-negative whole number of fils");
  if (rateBasisPoints === 0 || grossFils === 0) return 0;
  const gross = BigInt(grossFils);
  const rate = BigInt(rateBasisPoints);
  const divisor = 10_000n + rate;
  return Number((2n * gross * rate + divisor) / (2n * divisor));
}

export type LineAmounts = { totalFils: number; taxableFils: number; vatFils: number };

/** The taxable amount and the VAT of a VAT-inclusive line amount. */
export function splitLine(totalFils: number, rateBasisPoints: number): LineAmounts {
  const vatFils = vatIncludedIn(totalFils, rateBasisPoints);
  return { totalFils, taxableFils: totalFils - vatFils, vatFils };
}

export function sumAmounts(lines: readonly LineAmounts[]): LineAmounts {
  return lines.reduce(
    (sum, line) => ({ totalFils: sum.totalFils + line.totalFils, taxableFils: sum.taxableFils + line.taxableFils, vatFils: sum.vatFils + line.vatFils }),
    { totalFils: 0, taxableFils: 0, vatFils: 0 },
  );
}

/** An invoice line as a credit note sees it: what is left of it after the earlier credit notes. */
export type CreditableLine = { id: string; rateBasisPoints: number; remainingTotalFils: number; remainingVatFils: number };
export type CreditLine = LineAmounts & { invoiceLineId: string; rateBasisPoints: number };

/**
 * The VAT reversed when `amountFils` of what is left of a line is credited: the line's remaining
 * VAT when the credit takes the rest of it (a full credit reverses exactly what was charged),
 * otherwise the VAT extracted from the amount, kept so that neither the credit nor what remains
 * of the line ever has more VAT than money (nor a negative taxable amount).
 */
export function creditOfLine(line: CreditableLine, amountFils: number): CreditLine {
  if (amountFils <= 0 || amountFils > line.remainingTotalFils) throw new RangeError("A credit is more than zero and at most what is left of the line");
  let vatFils: number;
  if (amountFils === line.remainingTotalFils) vatFils = line.remainingVatFils;
  else {
    const lower = Math.max(0, line.remainingVatFils - (line.remainingTotalFils - amountFils));
    const upper = Math.min(line.remainingVatFils, amountFils);
    vatFils = Math.min(upper, Math.max(lower, vatIncludedIn(amountFils, line.rateBasisPoints)));
  }
  return { invoiceLineId: line.id, rateBasisPoints: line.rateBasisPoints, totalFils: amountFils, taxableFils: amountFils - vatFils, vatFils };
}

/**
 * Spreads a refund over what is left of an invoice's lines, in the order given (the caller puts
 * the refunded booking's lines first), never crediting a line beyond what is left of it: the
 * invoice and its credit notes never go below zero. Returns the credit lines and the part of the
 * amount that found nothing left to credit (0 normally).
 */
export function allocateCredit(lines: readonly CreditableLine[], amountFils: number): { lines: CreditLine[]; uncreditedFils: number } {
  let left = amountFils;
  const credits: CreditLine[] = [];
  for (const line of lines) {
    if (left <= 0) break;
    const take = Math.min(left, line.remainingTotalFils);
    if (take <= 0) continue;
    credits.push(creditOfLine(line, take));
    left -= take;
  }
  return { lines: credits, uncreditedFils: left };
}

/** Formats a document number: INV-2026-000123. */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, "0")}`;
}
