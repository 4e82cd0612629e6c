import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { labs, tests } from "~/db/schema";
import {
  cheapestOffer,
  deleteOffer,
  findOffer,
  offersForLab,
  offersForTest,
  saveOffer,
  syncLabTestPrices,
  updateOffer,
} from "~/modules/catalog/offers.server";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { testCrud } from "~/modules/catalog/manage-tests.server";
import { importToasts } from "~/modules/import-export/import-report";
import { importTests } from "~/modules/import-export/import-tests.server";
import { insertLab, insertTest } from "~/seed/factories.server";

const testRow = async (id: string) => (await db.select().from(tests).where(eq(tests.id, id)))[0];
const offer = (labId: string, testId: string, priceFils: number, extra: Partial<Parameters<typeof saveOffer>[1]> = {}) =>
  db.transaction((tx) => saveOffer(tx, { labId, testId, priceFils, walkIn: true, homeCollection: false, isActive: true, ...extra }));

describe("lab offers and the test's displayed price", () => {
  it("keeps the test's price and lab count equal to its lowest active offer", async () => {
    const test = await insertTest(db, { name: "Vitamin D", priceFils: 15000 });
    const [a, b, c] = await Promise.all([insertLab(db, { name: "Alpha Lab" }), insertLab(db, { name: "Beta Lab" }), insertLab(db, { name: "Gamma Lab" })]);
    await offer(a.id, test.id, 12000);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 12000, offerCount: 1 });
    await offer(b.id, test.id, 9000);
    const cheapest = await offer(c.id, test.id, 7500);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 7500, offerCount: 3 });

    // Saving the same lab again replaces its offer (one offer per lab and test).
    await offer(c.id, test.id, 8000);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 8000, offerCount: 3 });

    // Deactivating the cheapest raises the price to the next one; reactivating lowers it again.
    await db.transaction((tx) => updateOffer(tx, cheapest.id, { isActive: false }));
    expect(await testRow(test.id)).toMatchObject({ priceFils: 9000, offerCount: 2 });
    await db.transaction((tx) => updateOffer(tx, cheapest.id, { isActive: true, priceFils: 6000 }));
    expect(await testRow(test.id)).toMatchObject({ priceFils: 6000, offerCount: 3 });

    await db.transaction((tx) => deleteOffer(tx, cheapest.id));
    expect(await testRow(test.id)).toMatchObject({ priceFils: 9000, offerCount: 2 });
  });

  it("a test with no active offers keeps its own price", async () => {
    const test = await insertTest(db, { name: "Ferritin", priceFils: 11000 });
    expect(await testRow(test.id)).toMatchObject({ priceFils: 11000, offerCount: 0 });
    const lab = await insertLab(db);
    const only = await offer(lab.id, test.id, 8000);
    expect(await testRow(test.id)).toMatchObject({ priceFils: 8000, offerCount: 1 });
    await db.transaction((tx) => updateOffer(tx, only.id, { isActive: false }));
    // The last known lowest price stays as the test's own price.
    expect(await testRow(test.id)).toMatchObject({ priceFils: 8000, offerCount: 0 });
  });

  it("changes the price in the same transaction as the offer: a rolled-back change leaves both as they were", async () => {
    const test = await insertTest(db, { priceFils: 15000 });
    const lab = await insertLab(db);
    const saved = await offer(lab.id, test.id, 10000);
    await expect(
      db.transaction(async (tx) => {
        await updateOffer(tx, saved.id, { priceFils: 5000 });
        expect((await tx.select().from(tests).where(eq(tests.id, test.id)))[0].priceFils).toBe(5000);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await testRow(test.id)).toMatchObject({ priceFils: 10000, offerCount: 1 });
    expect((await findOffer(lab.id, test.id))?.priceFils).toBe(10000);
  });

  it("an inactive lab's offers leave the comparison and the price once its tests are re-synced", async () => {
    const test = await insertTest(db, { priceFils: 20000 });
    const cheap = await insertLab(db, { name: "Cheap Lab" });
    const dear = await insertLab(db, { name: "Dear Lab" });
    await offer(cheap.id, test.id, 10000);
    await offer(dear.id, test.id, 18000);
    await db.transaction(async (tx) => {
      await tx.update(labs).set({ isActive: false }).where(eq(labs.id, cheap.id));
      await syncLabTestPrices(tx, cheap.id);
    });
    expect(await testRow(test.id)).toMatchObject({ priceFils: 18000, offerCount: 1 });
    expect((await offersForTest(test.id)).map((row) => row.labName)).toEqual(["Dear Lab"]);
    expect(await findOffer(cheap.id, test.id)).toBeNull();
  });

  it("compares a test's offers cheapest first, with home collection only where the lab runs it", async () => {
    const test = await insertTest(db);
    const home = await insertLab(db, { name: "Home Lab", area: "Khalifa City", homeCollectionFeeFils: 3500, homeCollectionAreas: ["Khalifa City"] });
    const noService = await insertLab(db, { name: "Walk Lab", area: "Al Reem Island", homeCollectionFeeFils: null });
    await offer(home.id, test.id, 9000, { homeCollection: true, resultHours: 24 });
    await offer(noService.id, test.id, 7000, { homeCollection: true, resultHours: 48 });
    const rows = await offersForTest(test.id);
    expect(rows.map((row) => [row.labName, row.priceFils, row.homeCollection, row.homeCollectionFeeFils])).toEqual([
      ["Walk Lab", 7000, false, null],
      ["Home Lab", 9000, true, 3500],
    ]);
    expect(rows[1]).toMatchObject({ labSlug: home.slug, area: "Khalifa City", resultHours: 24, homeCollectionAreas: ["Khalifa City"] });
    expect((await cheapestOffer(test.id))?.labName).toBe("Walk Lab");
    expect((await cheapestOffer(test.id, "home"))?.labName).toBe("Home Lab");
    expect(await cheapestOffer(test.id, "walk_in")).toMatchObject({ labName: "Walk Lab" });
    expect(await offersForTest("not-a-uuid")).toEqual([]);
  });

  it("lists a lab's offers with search and paging; the public list leaves inactive offers out", async () => {
    const lab = await insertLab(db);
    for (let i = 0; i < 5; i++) {
      const test = await insertTest(db, { name: `Panel ${i}` });
      await offer(lab.id, test.id, 5000 - i * 100, { isActive: i !== 0 });
    }
    const other = await insertTest(db, { name: "Lipid Profile" });
    await offer(lab.id, other.id, 9000);

    const publicPage = await offersForLab(lab.id, { pageSize: 2 });
    expect(publicPage).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(publicPage.rows.map((row) => row.testName)).toEqual(["Panel 4", "Panel 3"]);

    const admin = await offersForLab(lab.id, { includeInactive: true, search: "panel", page: 9, pageSize: 2 });
    expect(admin).toMatchObject({ total: 5, page: 3, pageCount: 3 });
    expect(admin.rows.map((row) => [row.testName, row.isActive])).toEqual([["Panel 4", true]]);
    expect((await offersForLab(lab.id, { search: "lipid" })).rows.map((row) => row.testSlug)).toEqual([other.slug]);
  });
});

describe("editing the price of a test that labs offer (decision 0011)", () => {
  const csv = (text: string) => new File([text], "tests.csv", { type: "text/csv" });

  it("the tests screen saves a typed price only for a test without offers", async () => {
    const own = await insertTest(db, { name: "Own Price", priceFils: 5000 });
    const offered = await insertTest(db, { name: "Offered", priceFils: 5000 });
    const lab = await insertLab(db);
    await offer(lab.id, offered.id, 7000);

    for (const test of [own, offered]) {
      const result = await runCrudAction({ intent: "update", id: test.id, name: `${test.name} (edited)`, price: "20" }, testCrud);
      expect(result.data).toMatchObject({ ok: true });
    }
    expect(await testRow(own.id)).toMatchObject({ name: "Own Price (edited)", priceFils: 2000 });
    // The other edits are saved; the price stays the lowest offer's.
    expect(await testRow(offered.id)).toMatchObject({ name: "Offered (edited)", priceFils: 7000, offerCount: 1 });
  });

  it("an import ignores the price of a test that labs offer and says so for that row", async () => {
    const own = await insertTest(db, { name: "Zinc", priceFils: 5000 });
    const offered = await insertTest(db, { name: "Ferritin", priceFils: 5000 });
    const same = await insertTest(db, { name: "Iron", priceFils: 5000 });
    const lab = await insertLab(db);
    await offer(lab.id, offered.id, 7000);
    await offer(lab.id, same.id, 6000);

    const outcome = await importTests(
      csv(`id,name,price,specimen\n${own.id},Zinc,30,Serum\n${offered.id},Ferritin,30,Serum\n${same.id},Iron,60,Serum\n`),
    );
    expect(outcome).toEqual({
      ok: true,
      processed: 3,
      inserted: 0,
      updated: 3,
      failed: 0,
      errors: [],
      notices: ["Row 2: Price ignored: labs offer this test, so its price is their lowest offer (AED 70.00)"],
    });
    expect(await testRow(own.id)).toMatchObject({ priceFils: 3000 });
    expect(await testRow(offered.id)).toMatchObject({ priceFils: 7000, specimen: "Serum" });
    expect(await testRow(same.id)).toMatchObject({ priceFils: 6000 });
    expect(importToasts(outcome)).toEqual([
      { title: "Import completed", description: "Processed 3 records: 0 inserted, 3 updated, 0 failed", destructive: false },
      { title: "Import notes", description: "Row 2: Price ignored: labs offer this test, so its price is their lowest offer (AED 70.00)", destructive: false },
    ]);
  });
});
