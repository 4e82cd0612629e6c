import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { saveHomeAddress } from "~/modules/accounts/saved-patients.server";
import { bookingOptions } from "~/modules/booking/booking-options.server";
import { listedLabs } from "~/modules/booking/booking-options";
import { chosenArea, knownPatientArea } from "~/modules/booking/patient-area.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { loader as slotsLoader } from "~/routes/api.slots";

// Issue 26, "Home collection that tells the truth": the booking form's labs for the patient's area.

/** A lipid panel at a walk-in lab (AED 148), a lab collecting in Al Mushrif (245 + 30) and one collecting in Khalifa City only (200 + 20). */
async function marketplace() {
  const lipid = await insertTest(db, { name: "Lipid Panel", priceFils: 148_00 });
  const walkIn = await insertLab(db, { name: "Walk-in Lab", slug: "walk-in-lab", area: "Mussafah" });
  await saveOffer(db, { labId: walkIn.id, testId: lipid.id, priceFils: 148_00, walkIn: true, homeCollection: false, isActive: true });
  const mushrif = await insertLab(db, { name: "Mushrif Care", slug: "mushrif-care", area: "Al Karamah", homeCollectionFeeFils: 30_00, homeCollectionAreas: ["Al Mushrif"] });
  await saveOffer(db, { labId: mushrif.id, testId: lipid.id, priceFils: 245_00, walkIn: true, homeCollection: true, isActive: true });
  const khalifa = await insertLab(db, { name: "Khalifa Home", slug: "khalifa-home", area: "Khalifa City", homeCollectionFeeFils: 20_00, homeCollectionAreas: ["Khalifa City"] });
  await saveOffer(db, { labId: khalifa.id, testId: lipid.id, priceFils: 200_00, walkIn: true, homeCollection: true, isActive: true });
  return { lipid, walkIn, mushrif, khalifa };
}

async function homeBooking(userId: string, homeArea: string, createdAt: Date) {
  await db.insert(bookings).values({
    userId,
    scheduledDate: "2026-01-10",
    patientName: "Layla",
    patientEmail: "layla@example.com",
    collectionType: "home",
    homeArea,
    createdAt,
  });
}

const address = (homeArea: string) => ({ homeArea, homeBuilding: "Villa 12", homeFlat: "3", homeLandmark: "Mushrif Mall", homeLatitude: null, homeLongitude: null, phone: "+971 50 123 4567" });

const slotsRequest = (query: string, cookie?: string) =>
  slotsLoader({ request: new Request(`http://localhost/api/slots?${query}`, cookie ? { headers: { cookie } } : {}), params: {}, context: {} } as never);

describe("the patient's area (issue 26)", () => {
  it("is the saved address's area, else the last home visit's, else unknown", async () => {
    const customer = await createAccount(db);
    expect(await knownPatientArea(customer.id)).toBeNull();
    await homeBooking(customer.id, "Khalifa City", new Date("2026-01-01T08:00:00Z"));
    await homeBooking(customer.id, "Al Reem Island", new Date("2026-02-01T08:00:00Z"));
    expect(await knownPatientArea(customer.id)).toEqual({ area: "Al Reem Island", source: "booking" });
    await saveHomeAddress(customer.id, address("Al Mushrif"));
    expect(await knownPatientArea(customer.id)).toEqual({ area: "Al Mushrif", source: "address" });
    // Another account's address and bookings are not this patient's.
    const other = await createAccount(db);
    expect(await knownPatientArea(other.id)).toBeNull();
  });

  it("the page's area wins; an empty ?area= is every lab; without one the account's is used", async () => {
    const customer = await createAccount(db);
    await saveHomeAddress(customer.id, address("Al Mushrif"));
    expect(await chosenArea(new URLSearchParams("area=Khalifa+City"), customer.id)).toEqual({ area: "Khalifa City", source: "page" });
    expect(await chosenArea(new URLSearchParams("area="), customer.id)).toBeNull();
    expect(await chosenArea(new URLSearchParams(""), customer.id)).toEqual({ area: "Al Mushrif", source: "address" });
    expect(await chosenArea(new URLSearchParams(""), null)).toBeNull();
  });
});

describe("the booking form's labs for the area (issue 26)", () => {
  it("offers home collection only at the labs collecting in the area, at their price with the fee; walk-in at every lab", async () => {
    const { lipid, walkIn, mushrif, khalifa } = await marketplace();
    const options = await bookingOptions({ testId: lipid.id, labId: null, type: "home", date: null }, { area: "Al Mushrif", source: "address" });
    expect(options.area).toEqual({ area: "Al Mushrif", source: "address" });
    expect(options.labs.map((lab) => [lab.labId, lab.homeCollection])).toEqual([
      [walkIn.id, false],
      [khalifa.id, false],
      [mushrif.id, true],
    ]);
    expect(options.areas?.sort()).toEqual(["Al Mushrif", "Khalifa City"]);
    // What the form lists: home collection in Al Mushrif is Mushrif Care at 245 + 30; walk-in is every lab at its price.
    expect(listedLabs(options.labs, "home", "Al Mushrif").map(({ lab, shownFils }) => [lab.labId, shownFils])).toEqual([[mushrif.id, 275_00]]);
    expect(listedLabs(options.labs, "walk_in", "Al Mushrif").map(({ lab, shownFils }) => [lab.labId, shownFils])).toEqual([
      [walkIn.id, 148_00],
      [khalifa.id, 200_00],
      [mushrif.id, 245_00],
    ]);
    // No area: every lab collecting anywhere, as before.
    const everywhere = await bookingOptions({ testId: lipid.id, labId: null, type: "home", date: null });
    expect(everywhere.labs.filter((lab) => lab.homeCollection).map((lab) => lab.labId)).toEqual([khalifa.id, mushrif.id]);
    expect(everywhere.area).toBeNull();
  });

  it("an area no lab collects in leaves nothing to book at home there", async () => {
    const { lipid } = await marketplace();
    const options = await bookingOptions({ testId: lipid.id, labId: null, type: "home", date: null }, { area: "Al Ain", source: "page" });
    expect(listedLabs(options.labs, "home", "Al Ain")).toEqual([]);
    expect(listedLabs(options.labs, "walk_in", "Al Ain")).toHaveLength(3);
  });

  it("GET /api/slots uses the page's area, and the account's only when the booking form asks for it (checkout's lines keep every lab)", async () => {
    const { lipid, mushrif } = await marketplace();
    const page = (await slotsRequest(`test=${lipid.id}&type=home&area=Al+Mushrif`)) as unknown as { data: Awaited<ReturnType<typeof bookingOptions>> };
    expect(page.data.area).toEqual({ area: "Al Mushrif", source: "page" });
    expect(page.data.labs.filter((lab) => lab.homeCollection).map((lab) => lab.labId)).toEqual([mushrif.id]);
    const checkout = (await slotsRequest(`test=${lipid.id}&type=home`)) as unknown as { data: Awaited<ReturnType<typeof bookingOptions>> };
    expect(checkout.data.area).toBeNull();
    expect(checkout.data.labs.filter((lab) => lab.homeCollection)).toHaveLength(2);
    // A visitor's myArea=1: no account, no area.
    const visitor = (await slotsRequest(`test=${lipid.id}&type=home&myArea=1`)) as unknown as { data: Awaited<ReturnType<typeof bookingOptions>> };
    expect(visitor.data.area).toBeNull();
  });
});
