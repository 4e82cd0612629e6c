// Client-safe pieces of the product page's lab comparison.
import { englishResultTime, resultTimeWords } from "~/modules/catalog/result-time-format";

/** How the comparison may be sorted, in the URL as ?compare=… (price is the default and is left out). */
export const compareSorts = ["price", "result", "slot"] as const;
export type CompareSort = (typeof compareSorts)[number];

export const compareSortLabels = {
  price: "Price",
  result: "Result time",
  slot: "Next free slot",
} as const satisfies Record<CompareSort, string>;

/** The element the sort links jump back to. */
export const COMPARISON_ID = "compare-labs";

/**
 * A sort link: the product page with ?compare=… (none for the default), back at the comparison;
 * the patient's area (?area=…&home=1, issue 26) is kept from `current`.
 */
export function compareHref(sort: CompareSort, current?: URLSearchParams) {
  const params = new URLSearchParams();
  for (const name of ["area", "home"]) {
    const value = current?.get(name);
    if (value) params.set(name, value);
  }
  if (sort !== "price") params.set("compare", sort);
  return `?${params.toString()}#${COMPARISON_ID}`;
}

/** An offer's result time in English words: "6 hours", "72 hours", "4 days" (result-time-format.ts). */
export function formatResultHours(hours: number | null): string {
  if (hours === null) return "Not stated";
  return englishResultTime(resultTimeWords(hours));
}
