import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createBooking } from "~/modules/booking/create-booking.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { bookingsForUser } from "~/modules/orders/order-history.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { TwoPlacesError } from "~/modules/slots/patient-conflicts.server";
import { createAccount } from "~/seed/factories.server";
import { eq } from "drizzle-orm";
import { bookings, orders } from "~/db/schema";
import { saveSavedPatient } from "~/modules/accounts/saved-patients.server";
import { patientDetails } from "../../../tests/fakes/patient-details";
import { twoLabs } from "../../../tests/fakes/two-labs";

// Issue 26: a home visit at Al Mushrif and a walk-in at Reem Island, both at 09:00, for one patient.
const DAY = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const details = (overrides = {}) => patientDetails("Layla Haddad", { scheduledDate: DAY, ...overrides });


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

describe("one saved patient in two lines of one order (issue 26)", () => {
  async function patientOf(userId: string, fullName: string) {
    const saved = await saveSavedPatient(userId, { fullName, dateOfBirth: "1984-03-12", sex: "male", phone: null, emiratesId: null, isAccountHolder: false });
    if (saved.outcome !== "saved") throw new Error("patient not saved");
    return saved.patient;
  }

  /** Test 0 as a home visit at Al Mushrif at 09:00, test 1 at `second` (Reem's walk-in or the same home visit) at 09:00, each unit for a saved patient. */
  function lines(tests: { id: string }[], labs: { home: string; reem: string }, patients: [string, string], second: "walk_in" | "home") {
    const [first, other] = tests;
    return {
      [`labId:${first.id}`]: labs.home,
      [`collectionType:${first.id}`]: "home",
      [`homeArea:${first.id}`]: "Al Mushrif",
      [`homeAddress:${first.id}`]: "Villa 12",
      [`slotTime:${first.id}`]: "09:00",
      [`patient:${first.id}:0`]: patients[0],
      [`labId:${other.id}`]: second === "home" ? labs.home : labs.reem,
      [`collectionType:${other.id}`]: second,
      ...(second === "home" ? { [`homeArea:${other.id}`]: "Al Mushrif", [`homeAddress:${other.id}`]: "Villa 12" } : {}),
      [`slotTime:${other.id}`]: "09:00",
      [`patient:${other.id}:0`]: patients[1],
    };
  }

  it("refuses the order when the same saved patient is at two places at 09:00, naming them; nothing is saved", async () => {
    const { home, reem, tests } = await twoLabs();
    const customer = await createAccount(db);
    const omar = await patientOf(customer.id, "Omar Haddad");
    for (const test of tests) await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    expect(await saveAndCheckLineChoices(customer.id, details(), lines(tests, { home: home.id, reem: reem.id }, [omar.id, omar.id], "walk_in"))).toEqual({});

    const outcome = await placeOrder(customer.id, details(), "cash_on_delivery", "en");
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(!outcome.ok && outcome.toast.description).toMatch(
      /^Omar Haddad is in two lines of this order at 09:00 on .*, one of them at Home collection \(Home Lab, Al Mushrif\)\. One person cannot be in two places at once/,
    );
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    expect(await db.select().from(bookings).where(eq(bookings.userId, customer.id))).toEqual([]);

    // In Arabic too.
    const arabic = await placeOrder(customer.id, details(), "cash_on_delivery", "ar");
    expect(!arabic.ok && arabic.toast.description).toMatch(/[\u0600-\u06FF]/);
  });

  it("two saved patients at the two places, or one patient twice at the same home visit, are placed", async () => {
    const { home, reem, tests } = await twoLabs();
    const customer = await createAccount(db);
    const omar = await patientOf(customer.id, "Omar Haddad");
    const mariam = await patientOf(customer.id, "Mariam Haddad");
    for (const test of tests) await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    expect(await saveAndCheckLineChoices(customer.id, details(), lines(tests, { home: home.id, reem: reem.id }, [omar.id, mariam.id], "walk_in"))).toEqual({});
    await expect(placeOrder(customer.id, details(), "cash_on_delivery", "en")).resolves.toMatchObject({ ok: true });

    const other = await createAccount(db);
    const layla = await patientOf(other.id, "Layla Haddad");
    for (const test of tests) await changeCart(other.id, { intent: "add", testId: test.id, quantity: 1 });
    expect(await saveAndCheckLineChoices(other.id, details(), lines(tests, { home: home.id, reem: reem.id }, [layla.id, layla.id], "home"))).toEqual({});
    await expect(placeOrder(other.id, details(), "cash_on_delivery", "en")).resolves.toMatchObject({ ok: true });
  });
});

describe("My Bookings points out a patient's visits at two places close in time", () => {
  it("a home visit at 09:00 and a walk-in at 10:30 elsewhere each name the other; the same place, another patient or a cancelled visit do not", async () => {
    const { home, reem, tests } = await twoLabs();
    const customer = await createAccount(db);
    const homeVisit = await createBooking(customer.id, tests[0].id, { ...details(), labId: home.id, collectionType: "home", homeArea: "Al Mushrif", homeAddress: "Villa 12" });
    const walkIn = await createBooking(customer.id, tests[1].id, { ...details({ scheduledTime: "10:30" }), labId: reem.id, collectionType: "walk_in" });
    // The same home address at 11:00, and another patient's walk-in at 09:30.
    const sameHome = await createBooking(customer.id, tests[1].id, { ...details({ scheduledTime: "11:00" }), labId: home.id, collectionType: "home", homeArea: "Al Mushrif", homeAddress: "villa 12" });
    const omar = await createBooking(customer.id, tests[0].id, { ...details({ patientName: "Omar Haddad", scheduledTime: "09:30" }), labId: reem.id });

    const nearbyOf = async () => new Map((await bookingsForUser(customer.id)).map((booking) => [booking.id, booking.nearby]));
    let nearby = await nearbyOf();
    expect(nearby.get(homeVisit.id)).toEqual({ time: "10:30", labName: "Reem Lab", labNameAr: null, collectionType: "walk_in" });
    // The walk-in's closest visit elsewhere: the 11:00 home visit, not the one at 09:00.
    expect(nearby.get(walkIn.id)).toEqual({ time: "11:00", labName: "Home Lab", labNameAr: null, collectionType: "home" });
    expect(nearby.get(sameHome.id)).toEqual({ time: "10:30", labName: "Reem Lab", labNameAr: null, collectionType: "walk_in" });
    expect(nearby.get(omar.id)).toBeNull();
    // The page's data carries no address.
    expect(JSON.stringify(await bookingsForUser(customer.id))).not.toMatch(/villa 12/i);

    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, walkIn.id));
    nearby = await nearbyOf();
    expect([...nearby.values()].filter(Boolean)).toEqual([]);
  });
});
