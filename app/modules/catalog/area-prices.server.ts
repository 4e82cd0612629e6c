import { fromPriceInArea, hasAreaChoice, offersServingArea, type AreaChoice } from "~/modules/catalog/area-offers";
import type { LabComparison } from "~/modules/catalog/lab-comparison.server";
import { offersForTest, offersForTests, type OfferComparisonRow } from "~/modules/catalog/offers.server";
import { parseOfferFilters } from "~/modules/catalog/search-params";
import type { TestCardData } from "~/modules/catalog/test-card-data.server";

/**
 * Test cards priced for the chosen area (issue 26): each card's "from" price and lab count come
 * from the labs serving the area only, home-collection fee included. One statement for the page.
 */
export async function withAreaPrices(cards: TestCardData[], choice: AreaChoice | null): Promise<TestCardData[]> {
  if (!hasAreaChoice(choice) || cards.length === 0) return cards;
  const offers = await offersForTests(cards.map((card) => card.id));
  return cards.map((card) => {
    const from = fromPriceInArea(offers.get(card.id) ?? [], choice);
    return from ? { ...card, priceFils: from.fromFils, offerCount: from.labCount } : card;
  });
}

/**
 * The product page's comparison for the chosen area: only the labs serving it, each priced at
 * what the patient pays there (the home-collection fee included when the lab comes to them),
 * re-sorted and the cheapest marked again. `offers` are the test's live offers (offersForTest).
 */
export function comparisonInArea(comparison: LabComparison, offers: OfferComparisonRow[], choice: AreaChoice): LabComparison {
  const serving = new Map(offersServingArea(offers, choice).map((offer) => [offer.labId, offer.areaPrice]));
  const rows = comparison.rows.flatMap((row) => {
    const price = serving.get(row.labId);
    return price ? [{ ...row, priceFils: price.totalFils, includedFeeFils: price.collection === "home" ? price.feeFils : null }] : [];
  });
  const lowest = Math.min(...rows.map((row) => row.priceFils));
  const marked = rows.map((row) => ({ ...row, cheapest: row.priceFils === lowest }));
  return { ...comparison, rows: comparison.sort === "price" ? marked.sort((a, b) => a.priceFils - b.priceFils) : marked };
}

/** The area and home-collection choice a product page was opened with (?area=…&home=1), or null. */
export function productAreaChoice(params: URLSearchParams): AreaChoice | null {
  const { area, home } = parseOfferFilters(params);
  return area || home ? { area, home } : null;
}

/** The product page for the chosen area: its comparison and its "from" price (the cheapest total there). */
export async function productInArea<Test extends { id: string; priceFils: number }>(test: Test, comparison: LabComparison, choice: AreaChoice | null) {
  if (!choice) return { test, comparison };
  const inArea = comparisonInArea(comparison, await offersForTest(test.id), choice);
  const lowest = inArea.rows.length > 0 ? Math.min(...inArea.rows.map((row) => row.priceFils)) : test.priceFils;
  return { test: { ...test, priceFils: lowest }, comparison: inArea };
}
