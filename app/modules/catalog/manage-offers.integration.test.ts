import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { labOffers, labs, slotCounts, tests } from "~/db/schema";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { labCrud } from "~/modules/catalog/manage-labs.server";
import { labOffersPage, NO_HOME_COLLECTION, offerCrud, testsToOffer } from "~/modules/catalog/manage-offers.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { insertLab, insertTest } from "~/seed/factories.server";

const testRow = async (id: string) => (await db.select().from(tests).where(eq(tests.id, id)))[0];

async function offer(labId: string, testId: string, priceFils: number) {
  return db.transaction((tx) => saveOffer(tx, { labId, testId, priceFils, walkIn: true, homeCollection: false, isActive: true }));
}

describe("a lab's offers in the admin", () => {
  it("adds, edits and deletes an offer, and the test's displayed price follows each change", async () => {
    const cheap = await insertLab(db, { name: "Al Reem Diagnostics" });
    const dear = await insertLab(db, { name: "Corniche Lab", homeCollectionFeeFils: 4000, homeCollectionAreas: ["Corniche"] });
    const vitaminD = await insertTest(db, { name: "Vitamin D", priceFils: 20000 });
    await offer(dear.id, vitaminD.id, 18000);

    const created = await runCrudAction(
      { intent: "create", labId: cheap.id, testId: vitaminD.id, price: "120.00", resultHours: "24", walkIn: "true", homeCollection: "false", isActive: "true" },
      offerCrud,
    );
    expect(created.data).toEqual({ ok: true, toast: { title: "Offer created" } });
    expect(await testRow(vitaminD.id)).toMatchObject({ priceFils: 12000, offerCount: 2 });

    const page = await labOffersPage(cheap.id, { q: "vitamin", page: 1 });
    expect(page?.rows).toEqual([expect.objectContaining({ testName: "Vitamin D", priceFils: 12000, resultHours: 24, walkIn: true, isActive: true })]);
    const offerId = page!.rows[0].id;

    // Raised above the other lab's price: the other lab is now the cheapest.
    const edited = await runCrudAction(
      { intent: "update", id: offerId, labId: cheap.id, testId: vitaminD.id, price: "250", resultHours: "", walkIn: "true", isActive: "true" },
      offerCrud,
    );
    expect(edited.data).toEqual({ ok: true, toast: { title: "Offer updated" } });
    expect(await testRow(vitaminD.id)).toMatchObject({ priceFils: 18000, offerCount: 2 });

    // Deactivated: it no longer counts.
    await runCrudAction({ intent: "update", id: offerId, labId: cheap.id, testId: vitaminD.id, price: "100", walkIn: "true", isActive: "false" }, offerCrud);
    expect(await testRow(vitaminD.id)).toMatchObject({ priceFils: 18000, offerCount: 1 });
    expect((await labOffersPage(cheap.id, { q: "", page: 1 }))?.rows[0]).toMatchObject({ isActive: false, priceFils: 10000 });

    const deleted = await runCrudAction({ intent: "delete", id: offerId }, offerCrud);
    expect(deleted.data).toEqual({ ok: true, toast: { title: "Offer deleted" } });
    expect(await db.select().from(labOffers).where(eq(labOffers.labId, cheap.id))).toHaveLength(0);
  });

  it("refuses an offer without a collection type, a bad price, home collection at a lab without the service, or another lab's offer", async () => {
    const lab = await insertLab(db);
    const other = await insertLab(db);
    const test = await insertTest(db, { priceFils: 5000 });
    const refused = await runCrudAction({ intent: "create", labId: lab.id, testId: test.id, price: "ten", walkIn: "false", homeCollection: "false" }, offerCrud);
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      toast: { title: "Error creating offer" },
      fieldErrors: { price: ["Price must be a number of 0 or more with at most 2 decimals"] },
    });
    const noCollection = await runCrudAction({ intent: "create", labId: lab.id, testId: test.id, price: "10", walkIn: "false" }, offerCrud);
    expect(noCollection.data).toMatchObject({ fieldErrors: { walkIn: ["Choose walk-in, home collection or both"] } });
    const noHome = await runCrudAction({ intent: "create", labId: lab.id, testId: test.id, price: "10", walkIn: "false", homeCollection: "true" }, offerCrud);
    expect(noHome.data).toMatchObject({ fieldErrors: { homeCollection: [NO_HOME_COLLECTION] } });
    const noTest = await runCrudAction({ intent: "create", labId: lab.id, price: "10", walkIn: "true" }, offerCrud);
    expect(noTest.data).toMatchObject({ fieldErrors: { testId: ["Please choose a test from the list"] } });
    expect(await db.select().from(labOffers)).toHaveLength(0);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 5000, offerCount: 0 });

    const theirs = await offer(other.id, test.id, 3000);
    const forged = await runCrudAction({ intent: "update", id: theirs.id, labId: lab.id, testId: test.id, price: "1", walkIn: "true" }, offerCrud);
    expect(forged.init?.status).toBe(404);
    expect((await db.select().from(labOffers).where(eq(labOffers.id, theirs.id)))[0].priceFils).toBe(3000);
  });

  it("answers a lab or test id that is not a uuid with the form's message, never a server error", async () => {
    const lab = await insertLab(db);
    const test = await insertTest(db);
    for (const [labId, testId] of [
      ["abc", "abc"],
      ["-".repeat(36), "-".repeat(36)],
      [lab.id, "abc"],
      ["abc", test.id],
    ]) {
      const refused = await runCrudAction({ intent: "create", labId, testId, price: "100", walkIn: "true" }, offerCrud);
      expect(refused.init?.status, `${labId} ${testId}`).toBe(400);
      expect(refused.data).toMatchObject({ ok: false, toast: { title: "Error creating offer" } });
    }
    expect(await db.select().from(labOffers)).toHaveLength(0);
  });

  it("offers to add only tests the lab does not offer yet, found by name or slug", async () => {
    const lab = await insertLab(db);
    const offered = await insertTest(db, { name: "Ferritin Level" });
    await insertTest(db, { name: "Ferritin and Iron Panel" });
    await insertTest(db, { name: "HbA1c" });
    await offer(lab.id, offered.id, 9000);
    expect((await testsToOffer(lab.id, "FERRITIN")).map((test) => test.name)).toEqual(["Ferritin and Iron Panel"]);
    expect((await testsToOffer(lab.id, "hba1c")).map((test) => test.name)).toEqual(["HbA1c"]);
    expect(await testsToOffer(lab.id, "")).toEqual([]);
  });

  it("pages and searches a lab's offers", async () => {
    const lab = await insertLab(db);
    for (let n = 1; n <= 23; n++) {
      const test = await insertTest(db, { name: `Panel ${String(n).padStart(2, "0")}` });
      await offer(lab.id, test.id, 1000 + n);
    }
    const second = await labOffersPage(lab.id, { q: "", page: 2 });
    expect(second).toMatchObject({ total: 23, page: 2, pageCount: 2 });
    expect(second?.rows.map((row) => row.testName)).toEqual(["Panel 21", "Panel 22", "Panel 23"]);
    expect((await labOffersPage(lab.id, { q: "panel 1", page: 1 }))?.total).toBe(10);
    expect(await labOffersPage(crypto.randomUUID(), { q: "", page: 1 })).toBeNull();
  });
});

describe("the lab form", () => {
  const fullForm = {
    intent: "create",
    name: "Mussafah Medical Lab",
    isActive: "true",
    area: "Mussafah",
    latitude: "24.3486",
    longitude: "54.5030",
    sunOpen: "08:00",
    sunClose: "20:00",
    monOpen: "08:00",
    monClose: "20:00",
    friOpen: "",
    friClose: "",
    homeCollectionFee: "35",
    homeCollectionAreas: "Mussafah, Khalifa City\nMohammed Bin Zayed City, Mussafah",
    walkInSlotMinutes: "20",
    walkInCapacity: "3",
    homeSlotMinutes: "60",
    homeCapacity: "1",
  };

  it("saves area, coordinates, opening hours, home collection and slot settings", async () => {
    const created = await runCrudAction(fullForm, labCrud);
    expect(created.data).toEqual({ ok: true, toast: { title: "Lab created" } });
    const [lab] = await db.select().from(labs);
    expect(lab).toMatchObject({
      slug: "mussafah-medical-lab",
      area: "Mussafah",
      latitude: 24.3486,
      longitude: 54.503,
      homeCollectionFeeFils: 3500,
      homeCollectionAreas: ["Mussafah", "Khalifa City", "Mohammed Bin Zayed City"],
      walkInSlotMinutes: 20,
      walkInCapacity: 3,
      homeSlotMinutes: 60,
      homeCapacity: 1,
    });
    expect(lab.openingHours).toEqual({
      sun: { open: "08:00", close: "20:00" },
      mon: { open: "08:00", close: "20:00" },
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: null,
    });
  });

  it("keeps the defaults for a lab with only the spec's fields (no hours, no home collection)", async () => {
    await runCrudAction({ intent: "create", name: "Plain Lab" }, labCrud);
    expect((await db.select().from(labs))[0]).toMatchObject({
      openingHours: null,
      homeCollectionFeeFils: null,
      homeCollectionAreas: [],
      latitude: null,
      walkInSlotMinutes: 30,
      walkInCapacity: 4,
      homeSlotMinutes: 60,
      homeCapacity: 2,
    });
  });

  it("refuses coordinates out of range or alone, half-filled or backwards hours, a fee without areas and bad slot settings", async () => {
    const result = await runCrudAction(
      {
        ...fullForm,
        latitude: "91",
        longitude: "",
        monOpen: "09:00",
        monClose: "",
        tueOpen: "18:00",
        tueClose: "08:00",
        homeCollectionAreas: " ",
        walkInSlotMinutes: "0",
        homeCapacity: "-1",
      },
      labCrud,
    );
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({
      fieldErrors: {
        latitude: ["Latitude must be a number between -90 and 90"],
        monClose: ["Enter both opening and closing times for Monday, or neither when closed"],
        tueClose: ["Tuesday must close after it opens"],
        homeCollectionAreas: ["List the areas the home collection serves"],
        walkInSlotMinutes: ["Slot length must be a whole number of minutes from 5 to 480"],
        homeCapacity: ["Capacity must be a whole number from 0 to 500"],
      },
    });
    const alone = await runCrudAction({ intent: "create", name: "Lab", latitude: "24.4" }, labCrud);
    expect(alone.data).toMatchObject({ fieldErrors: { longitude: ["Enter both latitude and longitude, or neither"] } });
    expect(await db.select().from(labs)).toHaveLength(0);
  });

  it("deactivating a lab takes its offers out of the displayed prices; its future slots take a new capacity", async () => {
    const lab = await insertLab(db, { walkInCapacity: 4 });
    const other = await insertLab(db);
    const test = await insertTest(db);
    await offer(lab.id, test.id, 5000);
    await offer(other.id, test.id, 7000);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 5000, offerCount: 2 });
    const future = new Date(Date.now() + 3 * 86_400_000);
    await db.insert(slotCounts).values({ labId: lab.id, collectionType: "walk_in", slotStart: future, capacity: 4, taken: 3 });

    await runCrudAction({ intent: "update", id: lab.id, name: lab.name, isActive: "false", walkInCapacity: "2" }, labCrud);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 7000, offerCount: 1 });
    // Never below what is already taken.
    expect((await db.select().from(slotCounts))[0]).toMatchObject({ capacity: 3, taken: 3 });

    await runCrudAction({ intent: "delete", id: other.id }, labCrud);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 7000, offerCount: 0 });
  });
});
