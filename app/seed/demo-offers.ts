// Deterministic demo offers: which labs offer a test, at what price and result time. Shared by the
// demo seed and the benchmark catalogue generator (decision 0011). Pure: no database.

/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type DemoOfferLab = { id: string; homeCollection: boolean };

export type DemoOffer = {
  labId: string;
  priceFils: number;
  resultHours: number;
  walkIn: boolean;
  homeCollection: boolean;
};

export const MIN_DEMO_OFFERS = 2;
export const MAX_DEMO_OFFERS = 8;
const RESULT_FACTORS = [0.5, 0.75, 1, 1, 1, 1.5, 2];

/** Whole dirhams below AED 200, multiples of AED 5 above: how labs print their prices. */
function roundPrice(fils: number) {
  const step = fils >= 20_000 ? 500 : 100;
  return Math.max(step, Math.round(fils / step) * step);
}

/**
 * 2-8 distinct labs for one test, with a realistic spread around its list price: the cheapest at
 * 70-100% of it, the dearest up to twice the cheapest (so "save up to 50%" holds), result times
 * around the test's own, walk-in always and home collection where the lab runs it.
 */
export function demoOffersForTest(
  random: () => number,
  listPriceFils: number,
  resultHours: number | null,
  labs: readonly DemoOfferLab[],
): DemoOffer[] {
  const wanted = Math.min(labs.length, MIN_DEMO_OFFERS + Math.floor(random() * (MAX_DEMO_OFFERS - MIN_DEMO_OFFERS + 1)));
  const pool = [...labs];
  const chosen: DemoOfferLab[] = [];
  for (let i = 0; i < wanted; i++) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);

  const cheapest = roundPrice(listPriceFils * (0.7 + random() * 0.3));
  // Most tests spread widely; the dearest lab of a test with 3+ offers asks the full spread.
  const spread = 0.3 + random() * 0.7;
  const baseHours = resultHours ?? 48;
  return chosen.map((lab, i) => {
    const share = i === 0 ? 0 : i === 1 && wanted >= 3 ? 1 : random();
    const priceFils = Math.min(2 * cheapest, i === 0 ? cheapest : Math.max(cheapest, roundPrice(cheapest * (1 + spread * share))));
    const factor = RESULT_FACTORS[Math.floor(random() * RESULT_FACTORS.length)];
    return {
      labId: lab.id,
      priceFils,
      resultHours: Math.max(4, Math.round(baseHours * factor)),
      walkIn: true,
      homeCollection: lab.homeCollection,
    };
  });
}
