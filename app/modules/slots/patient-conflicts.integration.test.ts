import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createBooking } from "~/modules/booking/create-booking.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { TwoPlacesError } from "~/modules/slots/patient-conflicts.server";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

// Issue 26: a home visit at Al Mushrif and a walk-in at Reem Island, both at 09:00, for one patient.
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "14:00" }])) as OpeningHours;
const DAY = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const details = (overrides = {}) => patientDetails("Layla Haddad", { scheduledDate: DAY, ...overrides });

async function twoLabs() {
  const home = await insertLab(db, { name: "Home Lab", openingHours: everyDay, homeCollectionFeeFils: 4_000, homeCollectionAreas: ["Al Mushrif"], homeSlotMinutes: 60, homeCapacity: 3 });
  const reem = await insertLab(db, { name: "Reem Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
  const tests = [await insertTest(db), await insertTest(db)];
  for (const test of tests) {
    await saveOffer(db, { labId: home.id, testId: test.id, priceFils: 10_000, walkIn: false, homeCollection: true, isActive: true });
    await saveOffer(db, { labId: reem.id, testId: test.id, priceFils: 9_000, walkIn: true, homeCollection: false, isActive: true });
  }
  return { home, reem, tests };
}

describe("one patient cannot be in two places at once", () => {
  it("refuses a walk-in at 09:00 for a patient with a home visit at 09:00, by Book Test and by checkout; another time, the same visit or another patient is fine", async () => {
    const { home, reem, tests } = await twoLabs();
    const customer = await createAccount(db);
    await createBooking(customer.id, tests[0].id, { ...details(), labId: home.id, collectionType: "home", homeArea: "Al Mushrif", homeAddress: "Villa 12" });

    const refused = createBooking(customer.id, tests[1].id, { ...details(), labId: reem.id, collectionType: "walk_in" });
    await expect(refused).rejects.toBeInstanceOf(TwoPlacesError);
    await expect(refused).rejects.toThrow("Layla Haddad already has a booking at 09:00");

    await changeCart(customer.id, { intent: "add", testId: tests[1].id, quantity: 1 });
    expect(await saveAndCheckLineChoices(customer.id, details(), { [`labId:${tests[1].id}`]: reem.id, [`slotTime:${tests[1].id}`]: "09:00" })).toEqual({});
    const outcome = await placeOrder(customer.id, details(), "cash_on_delivery", "ar");
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(!outcome.ok && outcome.toast.description).toMatch(/[\u0600-\u06FF]/);

    // The same home visit (another test at the same address), another time, or another patient: fine.
    await expect(
      createBooking(customer.id, tests[1].id, { ...details(), labId: home.id, collectionType: "home", homeArea: "Al Mushrif", homeAddress: "villa  12" }),
    ).resolves.toMatchObject({ status: "pending" });
    await expect(createBooking(customer.id, tests[1].id, { ...details({ scheduledTime: "10:00" }), labId: reem.id })).resolves.toMatchObject({ status: "pending" });
    await expect(createBooking(customer.id, tests[1].id, { ...details({ patientName: "Omar Haddad" }), labId: reem.id })).resolves.toMatchObject({ status: "pending" });
  });
});
