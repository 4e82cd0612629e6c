import { intlLocaleOf, type Language } from "~/i18n/languages";

const aed: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-AE", {
    style: "currency",
    currency: "AED",
    currencyDisplay: "code",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  // Arabic shows the dirham's own sign: "1,234.50 د.إ.".
  ar: new Intl.NumberFormat(intlLocaleOf("ar"), {
    style: "currency",
    currency: "AED",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
};

/** The one way a price is shown: 123450 fils -> "AED 1,234.50" (in Arabic "1,234.50 د.إ."). */
export function formatAed(fils: number, language: Language = "en"): string {
  // Intl puts a no-break space after the code; a plain space reads the same and matches the spec.
  return aed[language].format(fils / 100).replace(/\u00a0/g, " ");
}

/** AED amount (as typed or imported, e.g. 149.5) to integer fils. */
export function aedToFils(amount: number): number {
  return Math.round(amount * 100);
}

export function filsToAed(fils: number): number {
  return fils / 100;
}
