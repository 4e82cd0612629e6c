import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { labs } from "~/db/schema";
import { insertCategory, insertLab, insertTest } from "~/seed/factories.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { parseSearchState } from "~/modules/catalog/search-params";
import { searchTests } from "~/modules/catalog/search-tests.server";

const search = (query: string) => searchTests(parseSearchState(new URLSearchParams(query)));
const names = (result: { tests: { name: string }[] }) => result.tests.map((test) => test.name);

const offer = (labId: string, testId: string, priceFils: number, extra: { homeCollection?: boolean; isActive?: boolean } = {}) =>
  saveOffer(db, { labId, testId, priceFils, walkIn: true, homeCollection: extra.homeCollection ?? false, isActive: extra.isActive ?? true });

/**
 * Reem (Al Reem Island, collects at home in Al Reem Island and Saadiyat), Mussafah Lab (walk-in
 * only), Khalifa Lab (Khalifa City, collects at home in Khalifa City only).
 */
async function marketplace() {
  const reem = await insertLab(db, {
    name: "Reem Lab",
    slug: "reem-lab",
    area: "Al Reem Island",
    homeCollectionFeeFils: 3500,
    homeCollectionAreas: ["Al Reem Island", "Saadiyat"],
  });
  const mussafah = await insertLab(db, { name: "Mussafah Lab", slug: "mussafah-lab", area: "Mussafah" });
  const khalifa = await insertLab(db, {
    name: "Khalifa Lab",
    slug: "khalifa-lab",
    area: "Khalifa City",
    homeCollectionFeeFils: 4000,
    homeCollectionAreas: ["Khalifa City"],
  });
  const thyroid = await insertCategory(db, { name: "Thyroid" });
  const tsh = await insertTest(db, { name: "TSH", categoryId: thyroid.id, priceFils: 99_00 });
  const ft4 = await insertTest(db, { name: "Free T4", categoryId: thyroid.id, priceFils: 99_00 });
  const vitaminD = await insertTest(db, { name: "Vitamin D", priceFils: 99_00 });
  const ferritin = await insertTest(db, { name: "Ferritin", priceFils: 55_00 });
  await offer(reem.id, tsh.id, 120_00, { homeCollection: true });
  await offer(mussafah.id, tsh.id, 80_00);
  await offer(mussafah.id, ft4.id, 90_00);
  await offer(khalifa.id, ft4.id, 150_00, { homeCollection: true });
  await offer(khalifa.id, vitaminD.id, 200_00);
  await offer(reem.id, vitaminD.id, 180_00, { isActive: false, homeCollection: true });
  return { reem, mussafah, khalifa, thyroid, tsh, ft4, vitaminD, ferritin };
}

describe("search cards: from the lowest offer, at N labs", () => {
  it("show a test's lowest active offer and how many labs offer it; a test without offers keeps its price", async () => {
    await marketplace();
    const cards = new Map((await search("")).tests.map((test) => [test.name, test]));
    expect(cards.get("TSH")).toMatchObject({ priceFils: 80_00, offerCount: 2 });
    expect(cards.get("Vitamin D")).toMatchObject({ priceFils: 200_00, offerCount: 1 });
    expect(cards.get("Ferritin")).toMatchObject({ priceFils: 55_00, offerCount: 0 });
    const matched = await search("q=tsh");
    expect(matched.tests[0]).toMatchObject({ name: "TSH", priceFils: 80_00, offerCount: 2 });
  });

  it("sort by price on the lowest offer", async () => {
    await marketplace();
    expect(names(await search("sort=price-asc"))).toEqual(["Ferritin", "TSH", "Free T4", "Vitamin D"]);
    expect(names(await search("sort=price-desc"))).toEqual(["Vitamin D", "Free T4", "TSH", "Ferritin"]);
  });
});

describe("search filters by lab, area and home collection", () => {
  it("by lab: the tests that lab offers (active offers only), with the other filters and sorts", async () => {
    const { thyroid } = await marketplace();
    expect(names(await search("lab=mussafah-lab"))).toEqual(["Free T4", "TSH"]);
    expect((await search("lab=mussafah-lab")).total).toBe(2);
    expect(names(await search("lab=reem-lab"))).toEqual(["TSH"]);
    expect(names(await search("lab=khalifa-lab&sort=price-desc"))).toEqual(["Vitamin D", "Free T4"]);
    expect(names(await search(`lab=khalifa-lab&category=${thyroid.id}`))).toEqual(["Free T4"]);
    expect(names(await search("lab=khalifa-lab&q=vitamin"))).toEqual(["Vitamin D"]);
    expect(names(await search("lab=mussafah-lab&q=vitamin"))).toEqual([]);
  });

  it("by area: offers of labs in the area, and home-collection offers of labs collecting there", async () => {
    await marketplace();
    expect(names(await search("area=Mussafah"))).toEqual(["Free T4", "TSH"]);
    expect(names(await search("area=khalifa city"))).toEqual(["Free T4", "Vitamin D"]);
    // Nobody is in Saadiyat, but Reem Lab collects there: its active home-collection offers.
    expect(names(await search("area=Saadiyat"))).toEqual(["TSH"]);
    expect((await search("area=Al Ain")).total).toBe(0);
  });

  it("by home collection: home-collection offers of labs running the service, in an area when one is chosen", async () => {
    await marketplace();
    expect(names(await search("home=1"))).toEqual(["Free T4", "TSH"]);
    expect(names(await search("home=1&area=Khalifa City"))).toEqual(["Free T4"]);
    expect(names(await search("home=1&lab=mussafah-lab"))).toEqual([]);
    expect(names(await search("home=1&q=free"))).toEqual(["Free T4"]);
  });

  it("an unknown or inactive lab gives no results", async () => {
    const { khalifa } = await marketplace();
    expect((await search("lab=no-such-lab")).total).toBe(0);
    await db.update(labs).set({ isActive: false }).where(eq(labs.id, khalifa.id));
    expect((await search("lab=khalifa-lab")).total).toBe(0);
  });

  it("pages through filtered results and clamps a page past the end", async () => {
    const lab = await insertLab(db, { slug: "big-lab", area: "Al Ain" });
    for (let i = 0; i < 12; i++) {
      const test = await insertTest(db, { name: `Panel ${String(i).padStart(2, "0")}` });
      await offer(lab.id, test.id, 100_00 + i);
    }
    await insertTest(db, { name: "Panel 99" });
    const first = await search("lab=big-lab");
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(first.tests).toHaveLength(9);
    const past = await search("lab=big-lab&page=7");
    expect(past.page).toBe(2);
    expect(names(past)).toEqual(["Panel 09", "Panel 10", "Panel 11"]);
    expect((await search("area=al ain&q=panel&page=2")).tests).toHaveLength(3);
  });
});
