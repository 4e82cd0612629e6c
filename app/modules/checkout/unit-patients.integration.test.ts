import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, cartItems, orderItems, orders, slotCounts } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { deleteSavedPatient, saveSavedPatient } from "~/modules/accounts/saved-patients.server";
import type { SavedPatientInput } from "~/modules/accounts/saved-patient-schema";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { checkoutLineViews, saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { lineField, linePatientsErrorKey, unitPatientField } from "~/modules/checkout/line-choices";
import { SAME_PATIENT_TWICE_MESSAGE, UNKNOWN_PATIENT_MESSAGE } from "~/modules/checkout/line-patients.server";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { cancellationPreview, cancelMyBooking, rescheduleMyBooking, rescheduleOptions, SHARED_LINE_SAME_LAB_MESSAGE } from "~/modules/payments/booking-changes.server";
import { rescheduleBooking } from "~/modules/booking/reschedule-booking.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { parseEnv } from "~/utils/env.server";

// Issue 26, "What the visit and the lab need": a quantity of two is two patients, each unit of a
// test one of the account's saved patients, whose date of birth and sex go to the lab.

const startedAt = Date.now();
const dayAhead = (days = 3) => new Date(startedAt + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });

const details = (): PatientDetails => ({
  patientName: "Layla Haddad",
  patientEmail: "layla@example.com",
  patientPhone: "+971 50 123 4567",
  notes: null,
  scheduledDate: dayAhead(),
  scheduledTime: "09:00",
});

const patient = (overrides: Partial<SavedPatientInput> = {}): SavedPatientInput => ({
  fullName: "Omar Haddad",
  dateOfBirth: "1984-03-12",
  sex: "male",
  phone: null,
  emiratesId: null,
  isAccountHolder: false,
  ...overrides,
});

async function savedPatient(userId: string, overrides: Partial<SavedPatientInput> = {}) {
  const saved = await saveSavedPatient(userId, patient(overrides));
  if (saved.outcome !== "saved") throw new Error("patient not saved");
  return saved.patient;
}

/** A customer with two units of a test one lab offers (walk-in, 3 places a slot), and two saved patients. */
async function familyCart() {
  const lab = await insertLab(db, { name: "Family Lab", openingHours: everyDay("08:00", "12:00"), walkInSlotMinutes: 30, walkInCapacity: 3 });
  const test = await insertTest(db, { name: "Vitamin D", priceFils: 12_000 });
  await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: false, isActive: true });
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
  const omar = await savedPatient(customer.id, { fullName: "Omar Haddad", dateOfBirth: "1984-03-12", sex: "male", phone: "+971 50 765 4321" });
  const mariam = await savedPatient(customer.id, { fullName: "Mariam Haddad", dateOfBirth: "2015-09-30", sex: "female" });
  return { lab, test, customer, omar, mariam };
}

const unitsForm = (testId: string, ids: string[]) => Object.fromEntries(ids.map((id, unit) => [unitPatientField(testId, unit), id]));

async function takenAt(labId: string, start: Date) {
  const [row] = await db
    .select({ taken: slotCounts.taken })
    .from(slotCounts)
    .where(and(eq(slotCounts.labId, labId), eq(slotCounts.slotStart, start)));
  return row?.taken ?? 0;
}

/** The family cart's units given to saved patients, paid by card: the order's bookings. */
async function paidByCard(customerId: string, units: Record<string, string>) {
  expect(await saveAndCheckLineChoices(customerId, details(), units)).toEqual({});
  const card = demoProvider(env);
  const { orderId } = await startCardPayment(card, customerId, details(), env);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await settleDemoSession(order.paymentSessionId!, "paid");
  await confirmPayment(card, order.paymentSessionId!, customerId);
  return db.select().from(bookings).where(eq(bookings.orderId, orderId));
}

describe("saved patients at checkout", () => {
  it("a quantity of two with two saved patients books two visits, one for each patient with their date of birth and sex", async () => {
    const { lab, test, customer, omar, mariam } = await familyCart();
    expect(await saveAndCheckLineChoices(customer.id, details(), unitsForm(test.id, [omar.id, mariam.id]))).toEqual({});
    const [view] = await checkoutLineViews(customer.id, dayAhead(), [omar, mariam]);
    expect(view.patientIds).toEqual([omar.id, mariam.id]);

    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);

    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item.patientIds).toEqual([omar.id, mariam.id]);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(
      booked
        .map((booking) => [booking.patientName, booking.savedPatientId, booking.patientDateOfBirth, booking.patientSex, booking.patientPhone, booking.priceFils])
        .sort(),
    ).toEqual([
      ["Mariam Haddad", mariam.id, "2015-09-30", "female", "+971 50 123 4567", 10_000],
      ["Omar Haddad", omar.id, "1984-03-12", "male", "+971 50 765 4321", 10_000],
    ]);
    // Two people hold two places of the slot; one of them cancelling gives back one.
    const start = slotStartFor(dayAhead(), "09:00");
    expect(await takenAt(lab.id, start)).toBe(2);
    await db.transaction((tx) => transitionBooking(tx, booked[0].id, "cancelled", { kind: "customer", id: customer.id }));
    expect(await takenAt(lab.id, start)).toBe(1);
  });

  it("one unit for a saved patient and the other for the patient in the details form", async () => {
    const { test, customer, mariam } = await familyCart();
    expect(await saveAndCheckLineChoices(customer.id, details(), unitsForm(test.id, ["", mariam.id]))).toEqual({});
    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked.map((booking) => [booking.patientName, booking.patientSex]).sort()).toEqual([
      ["Layla Haddad", null],
      ["Mariam Haddad", "female"],
    ]);
  });

  it("refuses another account's patient with a message on the field, and saves nothing of the form", async () => {
    const { lab, test, customer, omar } = await familyCart();
    const stranger = await createAccount(db);
    const theirs = await savedPatient(stranger.id, { fullName: "Someone Else" });
    const form = { ...unitsForm(test.id, [omar.id, theirs.id]), [lineField("slotTime", test.id)]: "10:30", [lineField("labId", test.id)]: lab.id };

    const problems = await saveAndCheckLineChoices(customer.id, details(), form);

    expect(problems).toEqual({ [linePatientsErrorKey(test.id)]: [UNKNOWN_PATIENT_MESSAGE] });
    const [line] = await db.select().from(cartItems).where(eq(cartItems.userId, customer.id));
    expect(line).toMatchObject({ patientIds: [], slotStart: null, labId: null });
  });

  it("refuses the same saved patient for both units of a test", async () => {
    const { test, customer, omar } = await familyCart();
    const problems = await saveAndCheckLineChoices(customer.id, details(), unitsForm(test.id, [omar.id, omar.id]));
    expect(problems).toEqual({ [linePatientsErrorKey(test.id)]: [SAME_PATIENT_TWICE_MESSAGE] });
    const [line] = await db.select().from(cartItems).where(eq(cartItems.userId, customer.id));
    expect(line.patientIds).toEqual([]);
  });

  it("refuses a patient field that is not a saved patient's id, or a unit too many", async () => {
    const { test, customer, omar, mariam } = await familyCart();
    expect(await saveAndCheckLineChoices(customer.id, details(), unitsForm(test.id, ["Omar", ""]))).toHaveProperty([linePatientsErrorKey(test.id)]);
    expect(await saveAndCheckLineChoices(customer.id, details(), unitsForm(test.id, [omar.id, mariam.id, ""]))).toHaveProperty([
      linePatientsErrorKey(test.id),
    ]);
  });

  it("without saved patients the journey is as before: one booking of the line for the details form's patient", async () => {
    const { test, customer } = await familyCart();
    expect(await saveAndCheckLineChoices(customer.id, details(), {})).toEqual({});
    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ testId: test.id, quantity: 2, patientIds: [] });
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ patientName: "Layla Haddad", savedPatientId: null, patientDateOfBirth: null, patientSex: null });
  });

  it("a saved patient deleted after the details step refuses the order with a message, and writes nothing", async () => {
    const { test, customer, omar, mariam } = await familyCart();
    expect(await saveAndCheckLineChoices(customer.id, details(), unitsForm(test.id, [omar.id, mariam.id]))).toEqual({});
    expect(await deleteSavedPatient(customer.id, mariam.id)).toBe("deleted");

    const placed = await placeOrder(customer.id, details(), "cash_on_delivery");

    expect(placed).toMatchObject({ ok: false, status: 409 });
    expect(!placed.ok && placed.toast.description).toContain("no longer saved on your account");
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    // The details step shows that unit as the details form's patient again.
    const [view] = await checkoutLineViews(customer.id, dayAhead(), [omar]);
    expect(view.patientIds).toEqual([omar.id, ""]);
  });

  it("a card order books each unit's saved patient when it is paid", async () => {
    const { test, customer, omar, mariam } = await familyCart();
    const booked = await paidByCard(customer.id, unitsForm(test.id, [mariam.id, omar.id]));
    expect(booked.map((booking) => [booking.patientName, booking.patientDateOfBirth]).sort()).toEqual([
      ["Mariam Haddad", "2015-09-30"],
      ["Omar Haddad", "1984-03-12"],
    ]);
  });

  it("cancelling one patient's visit of a card-paid line refunds that unit only and frees its one place", async () => {
    const { lab, test, customer, omar, mariam } = await familyCart();
    const booked = await paidByCard(customer.id, unitsForm(test.id, [mariam.id, omar.id]));
    const mariams = booked.find((booking) => booking.patientName === "Mariam Haddad")!;
    expect(await takenAt(lab.id, mariams.slotStart!)).toBe(2);
    // Three days ahead: a full refund of what was paid for this visit, AED 100 of the line's 200.
    expect((await cancellationPreview(customer.id, mariams.id, env))!.terms).toMatchObject({ refundFils: 10_000, feeFils: 0 });
    expect(await cancelMyBooking(customer.id, mariams.id, { expectedFeeFils: 0 }, env)).toMatchObject({ ok: true, refundFils: 10_000 });
    expect(await takenAt(lab.id, mariams.slotStart!)).toBe(1);
    const omars = booked.find((booking) => booking.patientName === "Omar Haddad")!;
    expect((await cancellationPreview(customer.id, omars.id, env))!.terms).toMatchObject({ refundFils: 10_000 });
  });

  it("one of two patients on a line moves to another time at the same lab; the other stays, and the money stays true", async () => {
    const { lab, test, customer, omar, mariam } = await familyCart();
    const dearer = await insertLab(db, { name: "Dearer Lab", openingHours: everyDay("08:00", "12:00"), walkInSlotMinutes: 30, walkInCapacity: 3 });
    await saveOffer(db, { labId: dearer.id, testId: test.id, priceFils: 15_000, walkIn: true, homeCollection: false, isActive: true });
    expect(await saveAndCheckLineChoices(customer.id, details(), unitsForm(test.id, [omar.id, mariam.id]))).toEqual({});
    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    const omars = booked.find((booking) => booking.patientName === "Omar Haddad")!;
    const mariams = booked.find((booking) => booking.patientName === "Mariam Haddad")!;
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));

    // The customer: the same lab only, with the reason for another.
    const options = await rescheduleOptions(customer.id, omars.id, { labId: dearer.id, date: dayAhead() });
    expect(options!.labs.map((option) => option.labName)).toEqual(["Family Lab"]);
    expect(await rescheduleMyBooking(customer.id, omars.id, { labId: dearer.id, date: dayAhead(), time: "10:00", expectedSequence: 0 }, env)).toEqual({
      ok: false,
      status: 400,
      message: SHARED_LINE_SAME_LAB_MESSAGE,
    });
    expect(await rescheduleMyBooking(customer.id, omars.id, { labId: lab.id, date: dayAhead(), time: "10:00", expectedSequence: 0 }, env)).toMatchObject({ ok: true });
    const after = async () => ({
      order: (await db.select().from(orders).where(eq(orders.id, order.id)))[0],
      line: (await db.select().from(orderItems).where(eq(orderItems.id, line.id)))[0],
      mariam: (await db.select().from(bookings).where(eq(bookings.id, mariams.id)))[0],
    });
    let now = await after();
    expect(now.mariam).toMatchObject({ labId: lab.id, slotStart: mariams.slotStart, priceFils: 10_000 });
    expect(now.line).toMatchObject({ labId: lab.id, slotStart: line.slotStart, quantity: 2, totalPriceFils: 20_000 });
    expect(now.order.totalAmountFils).toBe(20_000);

    // The back office may move one patient to a dearer lab: what is due follows that patient alone.
    await db.transaction((tx) => rescheduleBooking(tx, omars.id, { labId: dearer.id, start: slotStartFor(dayAhead(), "11:00"), priceFils: 15_000 }, { kind: "admin", id: customer.id }));
    now = await after();
    expect(now.mariam).toMatchObject({ labId: lab.id, priceFils: 10_000 });
    expect(now.line).toMatchObject({ labId: lab.id, totalPriceFils: 25_000 });
    expect(now.order.totalAmountFils).toBe(25_000);
  });
});
