import { describe, expect, it } from "vitest";
import { demoOffersForTest, seededRandom } from "~/seed/demo-offers";

const labs = Array.from({ length: 23 }, (_, i) => ({ id: `lab-${i}`, homeCollection: i % 4 !== 0 }));

describe("demo offers", () => {
  it("offer each test at 2-8 distinct labs, the dearest at most twice the cheapest, the same on every run", () => {
    const random = seededRandom(7);
    let widest = 0;
    let total = 0;
    for (let i = 0; i < 2_000; i++) {
      const offers = demoOffersForTest(random, 10_000 + i * 13, i % 3 ? 48 : null, labs);
      total += offers.length;
      expect(offers.length).toBeGreaterThanOrEqual(2);
      expect(offers.length).toBeLessThanOrEqual(8);
      expect(new Set(offers.map((offer) => offer.labId)).size).toBe(offers.length);
      const prices = offers.map((offer) => offer.priceFils);
      const [low, high] = [Math.min(...prices), Math.max(...prices)];
      expect(high).toBeLessThanOrEqual(2 * low);
      widest = Math.max(widest, high / low);
      for (const offer of offers) {
        expect(offer.walkIn).toBe(true);
        expect(offer.homeCollection).toBe(labs.find((lab) => lab.id === offer.labId)?.homeCollection);
        expect(offer.resultHours).toBeGreaterThanOrEqual(4);
      }
    }
    expect(widest).toBeGreaterThanOrEqual(1.9);
    // About 5 offers per test: 100,000 generated tests make about 500,000 offers.
    expect(total / 2_000).toBeGreaterThan(4.5);
    expect(total / 2_000).toBeLessThan(5.5);
    expect(demoOffersForTest(seededRandom(1), 5_000, 24, labs)).toEqual(demoOffersForTest(seededRandom(1), 5_000, 24, labs));
  });
});
