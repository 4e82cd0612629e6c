import { describe, expect, it } from "vitest";
import { areaPrice, areaQuery, fromPriceInArea, type AreaOffer } from "~/modules/catalog/area-offers";

const offer = (extra: Partial<AreaOffer>): AreaOffer => ({
  priceFils: 100_00,
  walkIn: true,
  homeCollection: false,
  homeCollectionFeeFils: null,
  homeCollectionAreas: [],
  area: "Mussafah",
  ...extra,
});

describe("prices in the patient's area", () => {
  it("counts a walk-in lab in the area at its price, and a lab collecting there at its price plus the fee", () => {
    expect(areaPrice(offer({}), { area: "mussafah", home: false })).toEqual({ totalFils: 100_00, collection: "walk_in", feeFils: 0 });
    const visiting = offer({ area: "Al Karamah", homeCollection: true, homeCollectionFeeFils: 30_00, homeCollectionAreas: ["Al Mushrif"] });
    expect(areaPrice(visiting, { area: "Al Mushrif", home: false })).toEqual({ totalFils: 130_00, collection: "home", feeFils: 30_00 });
    expect(areaPrice(offer({}), { area: "Al Mushrif", home: false })).toBeNull();
  });

  it("with home collection asked for, leaves out walk-in-only labs even in the area", () => {
    expect(areaPrice(offer({}), { area: "Mussafah", home: true })).toBeNull();
    const both = offer({ homeCollection: true, homeCollectionFeeFils: 50_00, homeCollectionAreas: ["Mussafah"] });
    expect(areaPrice(both, { area: "Mussafah", home: true })?.totalFils).toBe(150_00);
  });

  it("counts home collection only in the areas the lab lists, its own area too only when listed (as booking checks)", () => {
    const unlisted = offer({ homeCollection: true, homeCollectionFeeFils: 50_00, homeCollectionAreas: ["Al Reem Island"] });
    expect(areaPrice(unlisted, { area: "Mussafah", home: true })).toBeNull();
    expect(areaPrice(unlisted, { area: "al reem island", home: true })?.totalFils).toBe(150_00);
  });

  it("gives the cheapest total and the number of labs serving the area", () => {
    const offers = [offer({ priceFils: 148_00 }), offer({ priceFils: 245_00, area: "X", homeCollection: true, homeCollectionFeeFils: 30_00, homeCollectionAreas: ["Al Mushrif"] })];
    expect(fromPriceInArea(offers, { area: "Al Mushrif", home: true })).toEqual({ fromFils: 275_00, labCount: 1 });
    expect(fromPriceInArea(offers, { area: "Nowhere", home: true })).toBeNull();
    expect(areaQuery({ area: "Al Mushrif", home: true })).toBe("?area=Al+Mushrif&home=1");
    expect(areaQuery({ area: null, home: false })).toBe("");
  });
});

describe("the comparison's sort links", () => {
  it("keep the patient's area and home collection", async () => {
    const { compareHref } = await import("~/modules/catalog/lab-comparison");
    expect(compareHref("result", new URLSearchParams("area=Al Mushrif&home=1&compare=price"))).toBe("?area=Al+Mushrif&home=1&compare=result#compare-labs");
    expect(compareHref("price")).toBe("?#compare-labs");
  });
});
