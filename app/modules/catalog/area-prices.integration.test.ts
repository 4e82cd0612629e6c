import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertLab, insertTest } from "~/seed/factories.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { parseSearchState } from "~/modules/catalog/search-params";
import { searchTests } from "~/modules/catalog/search-tests.server";
import { labComparison } from "~/modules/catalog/lab-comparison.server";
import { productAreaChoice, productInArea } from "~/modules/catalog/area-prices.server";

const search = (query: string) => searchTests(parseSearchState(new URLSearchParams(query)));

/** Five labs offer a lipid panel from AED 148; only Mushrif Care collects at home in Al Mushrif, at AED 245 + 30. */
async function marketplace() {
  const lipid = await insertTest(db, { name: "Lipid Panel", priceFils: 148_00 });
  const cheap = [148_00, 160_00, 175_00, 190_00];
  for (const [index, price] of cheap.entries()) {
    const lab = await insertLab(db, { name: `Walk-in Lab ${index}`, slug: `walk-in-lab-${index}`, area: "Mussafah" });
    await saveOffer(db, { labId: lab.id, testId: lipid.id, priceFils: price, walkIn: true, homeCollection: false, isActive: true });
  }
  const mushrif = await insertLab(db, { name: "Mushrif Care", slug: "mushrif-care", area: "Al Karamah", homeCollectionFeeFils: 30_00, homeCollectionAreas: ["Al Mushrif"] });
  await saveOffer(db, { labId: mushrif.id, testId: lipid.id, priceFils: 245_00, walkIn: true, homeCollection: true, isActive: true });
  return { lipid, mushrif };
}

describe("prices for the patient's area (issue 26)", () => {
  it("a search filtered by an area and home collection shows only the labs serving it, with the fee in the price", async () => {
    await marketplace();
    const everywhere = await search("q=lipid");
    expect(everywhere.tests[0]).toMatchObject({ name: "Lipid Panel", priceFils: 148_00, offerCount: 5 });
    const mushrif = await search("q=lipid&area=Al+Mushrif&home=1");
    expect(mushrif.tests[0]).toMatchObject({ name: "Lipid Panel", priceFils: 275_00, offerCount: 1 });
    const browsing = await search("area=Al+Mushrif&home=1");
    expect(browsing.tests.map((test) => [test.name, test.priceFils, test.offerCount])).toEqual([["Lipid Panel", 275_00, 1]]);
  });

  it("the product page keeps the area: its comparison lists only the labs serving it at their true totals", async () => {
    const { lipid, mushrif } = await marketplace();
    const choice = productAreaChoice(new URLSearchParams("area=Al Mushrif&home=1"));
    const page = await productInArea({ id: lipid.id, priceFils: 148_00 }, await labComparison(lipid.id, "price"), choice);
    expect(page.test.priceFils).toBe(275_00);
    expect(page.comparison.rows.map((row) => [row.labId, row.priceFils, row.includedFeeFils, row.cheapest])).toEqual([[mushrif.id, 275_00, 30_00, true]]);
    const unchanged = await productInArea({ id: lipid.id, priceFils: 148_00 }, await labComparison(lipid.id, "price"), productAreaChoice(new URLSearchParams("")));
    expect(unchanged.comparison.rows).toHaveLength(5);
  });

  it("a price sort with a lab, an area or home collection orders the cards by the prices they show, fee included", async () => {
    const { mushrif } = await marketplace();
    // The cheapest in the catalogue, but dearer than the others at Mushrif Care, the one lab collecting in Al Mushrif.
    const mini = await insertTest(db, { name: "Lipid Mini", priceFils: 20_00 });
    const urine = await insertTest(db, { name: "Lipid Urine", priceFils: 260_00 });
    const walkIn = await insertLab(db, { name: "Cheap Walk-in", slug: "cheap-walk-in", area: "Mussafah" });
    await saveOffer(db, { labId: walkIn.id, testId: mini.id, priceFils: 20_00, walkIn: true, homeCollection: false, isActive: true });
    await saveOffer(db, { labId: mushrif.id, testId: mini.id, priceFils: 250_00, walkIn: true, homeCollection: true, isActive: true });
    await saveOffer(db, { labId: mushrif.id, testId: urine.id, priceFils: 200_00, walkIn: true, homeCollection: true, isActive: true });

    const shown = (result: Awaited<ReturnType<typeof search>>) => result.tests.map((test) => [test.name, test.priceFils]);
    expect(shown(await search("area=Al+Mushrif&home=1&sort=price-asc"))).toEqual([["Lipid Urine", 230_00], ["Lipid Panel", 275_00], ["Lipid Mini", 280_00]]);
    expect(shown(await search("area=Al+Mushrif&home=1&sort=price-desc"))).toEqual([["Lipid Mini", 280_00], ["Lipid Panel", 275_00], ["Lipid Urine", 230_00]]);
    expect(shown(await search("q=lipid&area=Al+Mushrif&home=1&sort=price-asc"))).toEqual([["Lipid Urine", 230_00], ["Lipid Panel", 275_00], ["Lipid Mini", 280_00]]);
    // One lab, walk-in: its own prices, no fee.
    expect(shown(await search("lab=mushrif-care&sort=price-asc"))).toEqual([["Lipid Urine", 200_00], ["Lipid Panel", 245_00], ["Lipid Mini", 250_00]]);
  });
});
