import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { testOffersAcrossLabs } from "~/modules/catalog/manage-offers.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { insertLab, insertTest } from "~/seed/factories.server";

describe("a test's offers across labs (Edit offers)", () => {
  it("lists every lab's offer of the test, inactive ones too, cheapest first, and no other test's", async () => {
    const reem = await insertLab(db, { name: "Al Reem Diagnostics" });
    const corniche = await insertLab(db, { name: "Corniche Lab" });
    const vitaminD = await insertTest(db, { name: "Vitamin D", priceFils: 20000 });
    const other = await insertTest(db, { name: "Ferritin", priceFils: 9000 });
    await db.transaction(async (tx) => {
      await saveOffer(tx, { labId: corniche.id, testId: vitaminD.id, priceFils: 18000, walkIn: true, homeCollection: false, isActive: true });
      await saveOffer(tx, { labId: reem.id, testId: vitaminD.id, priceFils: 12000, walkIn: true, homeCollection: false, isActive: false });
      await saveOffer(tx, { labId: reem.id, testId: other.id, priceFils: 9000, walkIn: true, homeCollection: false, isActive: true });
    });
    const page = await testOffersAcrossLabs(vitaminD.id);
    expect(page?.test.name).toBe("Vitamin D");
    expect(page?.offers.map((offer) => [offer.labName, offer.priceFils, offer.isActive])).toEqual([
      ["Al Reem Diagnostics", 12000, false],
      ["Corniche Lab", 18000, true],
    ]);
    expect(await testOffersAcrossLabs(randomUUID())).toBeNull();
  });
});
