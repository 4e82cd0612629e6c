// Two labs open every day from 08:00 to 14:00 offering the same two tests: "Home Lab" by home visit
// only (Al Mushrif, 60-minute slots) and "Reem Lab" by walk-in only (30-minute slots). The
// two-places tests of issue 26 (decision 0051) book one patient at both.
import { db } from "~/db/db.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { insertLab, insertTest } from "~/seed/factories.server";

const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "14:00" }])) as OpeningHours;

export async function twoLabs() {
  const home = await insertLab(db, { name: "Home Lab", openingHours: everyDay, homeCollectionFeeFils: 4_000, homeCollectionAreas: ["Al Mushrif"], homeSlotMinutes: 60, homeCapacity: 3 });
  const reem = await insertLab(db, { name: "Reem Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
  const tests = [await insertTest(db), await insertTest(db)];
  for (const test of tests) {
    await saveOffer(db, { labId: home.id, testId: test.id, priceFils: 10_000, walkIn: false, homeCollection: true, isActive: true });
    await saveOffer(db, { labId: reem.id, testId: test.id, priceFils: 9_000, walkIn: true, homeCollection: false, isActive: true });
  }
  return { home, reem, tests };
}
