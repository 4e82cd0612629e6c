import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labs } from "~/db/schema";
import { insertLab, insertTest } from "~/seed/factories.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import {
  findLabBySlug,
  LAB_TESTS_PAGE_SIZE,
  labTestsPage,
  listLabFilterOptions,
  listLabsForDirectory,
} from "~/modules/labs/lab-directory.server";
import { sitemapXml } from "~/modules/seo/feeds.server";

const hours = {
  sun: { open: "07:00", close: "22:00" },
  mon: { open: "07:00", close: "22:00" },
  tue: { open: "07:00", close: "22:00" },
  wed: { open: "07:00", close: "22:00" },
  thu: { open: "07:00", close: "22:00" },
  fri: null,
  sat: { open: "00:00", close: "24:00" },
};

async function labsWithOffers() {
  const reem = await insertLab(db, {
    name: "Reem Lab",
    slug: "reem-lab",
    area: "Al Reem Island",
    latitude: 24.4989,
    longitude: 54.4066,
    openingHours: hours,
    homeCollectionFeeFils: 3500,
    homeCollectionAreas: ["Al Reem Island", "Saadiyat"],
  });
  const ain = await insertLab(db, { name: "Ain Lab", slug: "ain-lab", area: "Al Ain" });
  const closed = await insertLab(db, { name: "Closed Lab", slug: "closed-lab", area: "Yas Island", isActive: false });
  const tsh = await insertTest(db, { name: "TSH" });
  const ferritin = await insertTest(db, { name: "Ferritin" });
  const vitaminD = await insertTest(db, { name: "Vitamin D" });
  const base = { walkIn: true, homeCollection: true, isActive: true };
  await saveOffer(db, { ...base, labId: reem.id, testId: tsh.id, priceFils: 90_00, resultHours: 24 });
  await saveOffer(db, { ...base, labId: reem.id, testId: ferritin.id, priceFils: 60_00 });
  await saveOffer(db, { ...base, labId: reem.id, testId: vitaminD.id, priceFils: 150_00, isActive: false });
  await saveOffer(db, { ...base, labId: ain.id, testId: tsh.id, priceFils: 70_00, homeCollection: false });
  await saveOffer(db, { ...base, labId: closed.id, testId: tsh.id, priceFils: 50_00 });
  return { reem, ain, closed, tsh, ferritin, vitaminD };
}

describe("the lab directory and lab pages", () => {
  it("list the active labs by name with their area, home-collection fee and number of tests", async () => {
    await labsWithOffers();
    const labs = await listLabsForDirectory();
    expect(labs.map((lab) => [lab.name, lab.area, lab.homeCollectionFeeFils, lab.testCount])).toEqual([
      ["Ain Lab", "Al Ain", null, 1],
      ["Reem Lab", "Al Reem Island", 3500, 2],
    ]);
  });

  it("find an active lab by slug; an inactive or unknown lab has no page", async () => {
    const { reem } = await labsWithOffers();
    expect(await findLabBySlug("reem-lab")).toMatchObject({
      id: reem.id,
      name: "Reem Lab",
      latitude: 24.4989,
      openingHours: hours,
      homeCollectionAreas: ["Al Reem Island", "Saadiyat"],
    });
    expect(await findLabBySlug("closed-lab")).toBeNull();
    expect(await findLabBySlug("no-such-lab")).toBeNull();
  });

  it("show a lab's active offers with its own prices, cheapest first, searchable and paged", async () => {
    const { reem, ain } = await labsWithOffers();
    const profile = (await findLabBySlug("reem-lab"))!;
    const page = await labTestsPage(profile, { q: "", page: 1 });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => [row.testName, row.priceFils, row.resultHours, row.homeCollection])).toEqual([
      ["Ferritin", 60_00, null, true],
      ["TSH", 90_00, 24, true],
    ]);
    expect((await labTestsPage(profile, { q: "tsh", page: 1 })).rows.map((row) => row.testName)).toEqual(["TSH"]);
    // A lab without the home service never shows home collection, whatever the offer says.
    const ainPage = await labTestsPage({ id: ain.id, homeCollectionFeeFils: null }, { q: "", page: 1 });
    expect(ainPage.rows[0]).toMatchObject({ testName: "TSH", priceFils: 70_00, homeCollection: false });

    for (let i = 0; i < LAB_TESTS_PAGE_SIZE + 3; i++) {
      const test = await insertTest(db, { name: `Panel ${String(i).padStart(2, "0")}` });
      await saveOffer(db, { labId: reem.id, testId: test.id, priceFils: 200_00 + i, walkIn: true, homeCollection: false, isActive: true });
    }
    const second = await labTestsPage(profile, { q: "panel", page: 2 });
    expect(second).toMatchObject({ total: LAB_TESTS_PAGE_SIZE + 3, page: 2, pageCount: 2 });
    expect(second.rows.map((row) => row.testName)).toEqual(["Panel 20", "Panel 21", "Panel 22"]);
    expect((await labTestsPage(profile, { q: "panel", page: 9 })).page).toBe(2);
  });

  it("offer the active labs (with their Arabic names) and their areas (and the areas they collect in) as search filters", async () => {
    await labsWithOffers();
    await db.update(labs).set({ nameAr: "مختبر الريم" }).where(eq(labs.slug, "reem-lab"));
    expect(await listLabFilterOptions()).toEqual({
      labs: [
        { slug: "ain-lab", name: "Ain Lab", nameAr: null },
        { slug: "reem-lab", name: "Reem Lab", nameAr: "مختبر الريم" },
      ],
      areas: ["Al Ain", "Al Reem Island", "Saadiyat"],
    });
  });

  it("put /labs and each active lab's page in the sitemap", async () => {
    await labsWithOffers();
    const sitemap = await sitemapXml(null);
    expect(sitemap).toContain("<loc>http://localhost:3999/labs</loc>");
    expect(sitemap).toContain("<loc>http://localhost:3999/labs/reem-lab</loc>");
    expect(sitemap).toContain("<loc>http://localhost:3999/labs/ain-lab</loc>");
    expect(sitemap).not.toContain("closed-lab");
  });
});
