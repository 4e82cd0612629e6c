const aed = new Intl.NumberFormat("en-AE", {
  style: "currency",
  currency: "AED",
  currencyDisplay: "code",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The one way a price is shown: 123450 fils -> "AED 1,234.50". */
export function formatAed(fils: number): string {
  // Intl puts a no-break space after the code; a plain space reads the same and matches the spec.
  return aed.format(fils / 100).replace(/\u00a0/g, " ");
}

/** AED amount (as typed or imported, e.g. 149.5) to integer fils. */
export function aedToFils(amount: number): number {
  return Math.round(amount * 100);
}

export function filsToAed(fils: number): number {
  return fils / 100;
}
