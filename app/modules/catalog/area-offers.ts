// Area-aware prices (issue 26, "Home collection that tells the truth"). Client-safe.
// With an area chosen (the search's filter, the saved home address), only labs that serve it
// count, and what is compared is what the patient pays: the offer's price, plus the lab's
// home-collection fee when the lab comes to the patient.

/** The area the patient chose, and whether they want home collection. */
export type AreaChoice = { area: string | null; home: boolean; lab?: string | null };

/** What of an offer and its lab decides whether it serves an area. */
export type AreaOffer = {
  priceFils: number;
  walkIn: boolean;
  /** The offer allows home collection and the lab runs the service. */
  homeCollection: boolean;
  homeCollectionFeeFils: number | null;
  homeCollectionAreas: string[];
  area: string | null;
  labSlug?: string;
};

export type AreaPrice = { totalFils: number; collection: "walk_in" | "home"; feeFils: number };

const same = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a lab comes to patients in `area` for home collection: the areas it lists, and only
 * those (its own area too only when listed). The booking and checkout checks use the same rule,
 * so a lab offered for an area is never refused there.
 */
export function collectsInArea(homeCollectionAreas: readonly string[], area: string): boolean {
  return homeCollectionAreas.some((served) => same(served, area));
}

export function hasAreaChoice(choice: AreaChoice | null | undefined): choice is AreaChoice {
  return !!choice && (!!choice.area || choice.home || !!choice.lab);
}

/**
 * What the patient pays at this offer for the chosen area, or null when the lab does not serve
 * it: a walk-in at a lab in the area (when home collection is not asked for), else a home
 * visit by a lab collecting there, its fee included.
 */
export function areaPrice(offer: AreaOffer, choice: AreaChoice): AreaPrice | null {
  if (choice.lab && offer.labSlug !== undefined && offer.labSlug !== choice.lab) return null;
  const area = choice.area;
  if (!choice.home && offer.walkIn && (!area || same(offer.area, area))) return { totalFils: offer.priceFils, collection: "walk_in", feeFils: 0 };
  const collectsThere =
    offer.homeCollection && offer.homeCollectionFeeFils !== null && (!area || collectsInArea(offer.homeCollectionAreas, area));
  if (collectsThere) {
    const fee = offer.homeCollectionFeeFils ?? 0;
    return { totalFils: offer.priceFils + fee, collection: "home", feeFils: fee };
  }
  return null;
}

/** The offers serving the area with their totals, cheapest total first. */
export function offersServingArea<Offer extends AreaOffer>(offers: Offer[], choice: AreaChoice): (Offer & { areaPrice: AreaPrice })[] {
  return offers
    .flatMap((offer) => {
      const price = areaPrice(offer, choice);
      return price ? [{ ...offer, areaPrice: price }] : [];
    })
    .sort((a, b) => a.areaPrice.totalFils - b.areaPrice.totalFils);
}

/** The "from" price and lab count for the area: the cheapest total among the labs serving it; null when none does. */
export function fromPriceInArea(offers: AreaOffer[], choice: AreaChoice): { fromFils: number; labCount: number } | null {
  const serving = offersServingArea(offers, choice);
  return serving.length > 0 ? { fromFils: serving[0].areaPrice.totalFils, labCount: serving.length } : null;
}

/** The query string that carries the area to a product page: "?area=Al%20Mushrif&home=1", or "". */
export function areaQuery(choice: AreaChoice | null | undefined): string {
  if (!choice || (!choice.area && !choice.home)) return "";
  const params = new URLSearchParams();
  if (choice.area) params.set("area", choice.area);
  if (choice.home) params.set("home", "1");
  return `?${params.toString()}`;
}
