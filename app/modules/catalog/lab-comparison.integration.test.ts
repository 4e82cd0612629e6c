import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { labComparison, parseCompareSort } from "~/modules/catalog/lab-comparison.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { insertLab, insertTest } from "~/seed/factories.server";
import type { OpeningHours } from "~/modules/slots/collection-types";

const always = { open: "08:00", close: "20:00" };
const openDaily: OpeningHours = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const closed: OpeningHours = { sun: null, mon: null, tue: null, wed: null, thu: null, fri: null, sat: null };

describe("the product page's lab comparison", () => {
  it("sorts by price, result time or next free slot and marks the cheapest and the fastest", async () => {
    const test = await insertTest(db, { name: "HbA1c" });
    const labs = {
      cheap: await insertLab(db, { name: "Cheap Lab", area: "Mussafah", openingHours: openDaily, homeCollectionFeeFils: 3000 }),
      quick: await insertLab(db, { name: "Quick Lab", area: "Al Reem Island", openingHours: openDaily }),
      shut: await insertLab(db, { name: "Shut Lab", area: "Al Ain", openingHours: closed }),
    };
    const offers = [
      { lab: labs.cheap, priceFils: 6000, resultHours: 48, homeCollection: true },
      { lab: labs.quick, priceFils: 9000, resultHours: 6, homeCollection: false },
      { lab: labs.shut, priceFils: 7000, resultHours: 24, homeCollection: false },
    ];
    for (const { lab, ...offer } of offers) {
      await db.transaction((tx) => saveOffer(tx, { labId: lab.id, testId: test.id, walkIn: true, isActive: true, ...offer }));
    }
    // 06:00 in Abu Dhabi: the first offerable slot is 08:00 today (2 hours ahead).
    const now = new Date("2030-03-04T02:00:00Z");

    const byPrice = await labComparison(test.id, "price", now);
    expect(byPrice.rows.map((row) => [row.labName, row.cheapest, row.fastest])).toEqual([
      ["Cheap Lab", true, false],
      ["Shut Lab", false, false],
      ["Quick Lab", false, true],
    ]);
    expect(byPrice.rows[0]).toMatchObject({
      area: "Mussafah",
      homeCollection: true,
      homeCollectionFeeFils: 3000,
      nextWalkIn: { label: "Today, 08:00" },
      nextHome: { label: "Today, 08:00" },
    });
    expect(byPrice.rows[1].nextSlot).toBeNull();

    const byResult = await labComparison(test.id, "result", now);
    expect(byResult.rows.map((row) => row.labName)).toEqual(["Quick Lab", "Shut Lab", "Cheap Lab"]);
    const bySlot = await labComparison(test.id, "slot", now);
    // Equal next slots fall back to price; a lab without free slots comes last.
    expect(bySlot.rows.map((row) => row.labName)).toEqual(["Cheap Lab", "Quick Lab", "Shut Lab"]);
  });

  it("reads an unknown sort as price", () => {
    expect(parseCompareSort("result")).toBe("result");
    expect(parseCompareSort("drop table")).toBe("price");
    expect(parseCompareSort(null)).toBe("price");
  });
});
