import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, orderItems, orders, paymentRefunds } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { cancellationPreview, cancelMyBooking, rescheduleMyBooking } from "~/modules/payments/booking-changes.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { lineField } from "~/modules/checkout/line-choices";
import { checkoutSummary, saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { parseEnv } from "~/utils/env.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

// Issue 25: two home-collection visits to different addresses in one lab slot paid one fee, and
// cancelling the booking that carried it refunded the fee while the other visit stayed. A visit
// is a lab, a slot and an address: each pays the lab's fee once, and the fee is refunded only
// with the visit's last active booking.

const FEE = 4_000;
const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999", LATE_CANCELLATION_FEE_PERCENT: "25" });
const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const startedAt = Date.now();
const DAY = new Date(startedAt + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const details = () => patientDetails("Layla Haddad", { scheduledDate: DAY, scheduledTime: "10:00" });

afterEach(() => setClockOffset(0));

/** A lab collecting at home (fee AED 40) and two tests it offers that way, at AED 100 and AED 50. */
async function homeLab() {
  const lab = await insertLab(db, {
    name: "Home Lab",
    openingHours: everyDay("07:00", "21:00"),
    homeCollectionFeeFils: FEE,
    homeCollectionAreas: ["Al Reem Island", "Khalifa City"],
    homeSlotMinutes: 60,
    homeCapacity: 4,
  });
  const blood = await insertTest(db, { name: "Blood Count" });
  const sugar = await insertTest(db, { name: "Blood Sugar" });
  await saveOffer(db, { labId: lab.id, testId: blood.id, priceFils: 10_000, walkIn: true, homeCollection: true, isActive: true });
  await saveOffer(db, { labId: lab.id, testId: sugar.id, priceFils: 5_000, walkIn: true, homeCollection: true, isActive: true });
  return { lab, blood, sugar };
}

type Visit = { testId: string; address: string; area?: string; time?: string };

/** A customer whose cart holds one home-collection line per visit given, each at its own address, checked by the details step. */
async function cartOfVisits(labId: string, visits: Visit[]) {
  const customer = await createAccount(db);
  const form: Record<string, string> = {};
  for (const visit of visits) {
    await changeCart(customer.id, { intent: "add", testId: visit.testId, quantity: 1 });
    form[lineField("labId", visit.testId)] = labId;
    form[lineField("collectionType", visit.testId)] = "home";
    form[lineField("slotTime", visit.testId)] = visit.time ?? "10:00";
    form[lineField("homeAddress", visit.testId)] = visit.address;
    form[lineField("homeArea", visit.testId)] = visit.area ?? "Al Reem Island";
  }
  expect(await saveAndCheckLineChoices(customer.id, details(), form)).toEqual({});
  return customer;
}

/** The visits paid by card (demo provider); returns the order and its bookings by test. */
async function paidByCard(labId: string, visits: Visit[]) {
  const customer = await cartOfVisits(labId, visits);
  const card = demoProvider(env);
  const { orderId } = await startCardPayment(card, customer.id, details(), env);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await settleDemoSession(order.paymentSessionId!, "paid");
  await confirmPayment(card, order.paymentSessionId!, customer.id);
  const booked = await db.select().from(bookings).where(eq(bookings.orderId, orderId)).orderBy(asc(bookings.createdAt));
  const byTest = (testId: string) => booked.find((booking) => booking.testId === testId)!;
  return { customer, order, byTest };
}

const feeLines = (orderId: string) =>
  db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, "home_collection_fee")));
const bookingRow = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
const refundedFor = async (bookingId: string) =>
  (await db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId))).reduce((sum, refund) => sum + refund.amountFils, 0);

describe("the home-collection fee belongs to a visit (lab, slot, address)", () => {
  it("two addresses in one lab slot are two visits: two fees, at checkout and in the order", async () => {
    const { lab, blood, sugar } = await homeLab();
    const customer = await cartOfVisits(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "Villa 12, Street 5", area: "Khalifa City" },
    ]);
    const summary = await checkoutSummary(customer.id, details());
    expect(summary?.rows.filter((row) => row.kind === "home_collection_fee")).toHaveLength(2);
    expect(summary?.totalFils).toBe(10_000 + 5_000 + 2 * FEE);

    const order = await placeCashOnDeliveryOrder(customer.id, details());
    expect(order.totalAmountFils).toBe(10_000 + 5_000 + 2 * FEE);
    expect((await feeLines(order.id)).map((line) => [line.homeAddress, line.unitPriceFils]).sort()).toEqual([
      ["Tower 3, Flat 1204", FEE],
      ["Villa 12, Street 5", FEE],
    ]);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked.map((booking) => booking.homeCollectionFeeFils)).toEqual([FEE, FEE]);
  });

  it("two tests at one address in one slot are one visit: one fee (the address as typed, spaces and capitals aside)", async () => {
    const { lab, blood, sugar } = await homeLab();
    const customer = await cartOfVisits(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "  tower 3,  Flat 1204 " },
    ]);
    const order = await placeCashOnDeliveryOrder(customer.id, details());
    expect(order.totalAmountFils).toBe(10_000 + 5_000 + FEE);
    expect(await feeLines(order.id)).toHaveLength(1);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked.map((booking) => booking.homeCollectionFeeFils).sort()).toEqual([FEE, null].sort());
  });

  it("cancelling the booking that carried the fee while another booking of the visit stays refunds no fee; cancelling the last refunds it", async () => {
    const { lab, blood, sugar } = await homeLab();
    const { customer, byTest } = await paidByCard(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "Tower 3, Flat 1204" },
    ]);
    const carrier = [byTest(blood.id), byTest(sugar.id)].find((booking) => booking.homeCollectionFeeFils === FEE)!;
    const other = [byTest(blood.id), byTest(sugar.id)].find((booking) => booking.id !== carrier.id)!;
    const price = (booking: typeof carrier) => booking.priceFils!;

    // What the page shows is what is done: the booking's price, not the visit's fee.
    expect((await cancellationPreview(customer.id, carrier.id, env))?.terms).toMatchObject({ allowed: true, refundFils: price(carrier), feeFils: 0 });
    expect(await cancelMyBooking(customer.id, carrier.id, {}, env)).toMatchObject({ ok: true, refundFils: price(carrier) });
    expect(await refundedFor(carrier.id)).toBe(price(carrier));
    // The fee stays with the visit, on its remaining booking.
    expect(await bookingRow(other.id)).toMatchObject({ status: "pending", homeCollectionFeeFils: FEE });

    expect((await cancellationPreview(customer.id, other.id, env))?.terms).toMatchObject({ refundFils: price(other) + FEE });
    expect(await cancelMyBooking(customer.id, other.id, {}, env)).toMatchObject({ ok: true, refundFils: price(other) + FEE });
    expect(await refundedFor(other.id)).toBe(price(other) + FEE);
  });

  it("both bookings of a visit cancelled at once (two tabs): the fee is refunded exactly once", async () => {
    const { lab, blood, sugar } = await homeLab();
    const { customer, byTest } = await paidByCard(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "Tower 3, Flat 1204" },
    ]);
    const [first, second] = [byTest(blood.id), byTest(sugar.id)];
    const outcomes = await Promise.all([cancelMyBooking(customer.id, first.id, {}, env), cancelMyBooking(customer.id, second.id, {}, env)]);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect((await refundedFor(first.id)) + (await refundedFor(second.id))).toBe(first.priceFils! + second.priceFils! + FEE);
  });

  it("the last booking cancelled late: the fee comes back with the late-cancellation share kept, as the Terms say", async () => {
    const { lab, blood } = await homeLab();
    const { customer, byTest } = await paidByCard(lab.id, [{ testId: blood.id, address: "Tower 3, Flat 1204" }]);
    const booking = byTest(blood.id);
    setClockOffset(slotStartFor(DAY, "10:00").getTime() - 10 * 3_600_000 - Date.now());
    const paid = 10_000 + FEE;
    const kept = Math.round(paid * 0.25);
    expect(await cancelMyBooking(customer.id, booking.id, {}, env)).toMatchObject({ ok: true, refundFils: paid - kept, feeFils: kept });
    expect(await refundedFor(booking.id)).toBe(paid - kept);
  });

  it("two addresses in one slot paid by card: cancelling one visit refunds its own fee, the other keeps its own", async () => {
    const { lab, blood, sugar } = await homeLab();
    const { customer, byTest } = await paidByCard(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "Villa 12, Street 5", area: "Khalifa City" },
    ]);
    expect(await cancelMyBooking(customer.id, byTest(blood.id).id, {}, env)).toMatchObject({ ok: true, refundFils: 10_000 + FEE });
    expect(await bookingRow(byTest(sugar.id).id)).toMatchObject({ status: "pending", homeCollectionFeeFils: FEE });
  });

  it("an admin's cancellation of the fee's booking leaves the fee with the visit; the customer's cancellation of the last then refunds it", async () => {
    const { lab, blood, sugar } = await homeLab();
    const admin = await createAccount(db, { admin: true });
    const { customer, byTest } = await paidByCard(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "Tower 3, Flat 1204" },
    ]);
    const carrier = [byTest(blood.id), byTest(sugar.id)].find((booking) => booking.homeCollectionFeeFils === FEE)!;
    const other = [byTest(blood.id), byTest(sugar.id)].find((booking) => booking.id !== carrier.id)!;
    await setBookingStatus(carrier.id, "cancelled", admin.id);
    expect(await bookingRow(other.id)).toMatchObject({ homeCollectionFeeFils: FEE });
    expect(await cancelMyBooking(customer.id, other.id, {}, env)).toMatchObject({ ok: true, refundFils: other.priceFils! + FEE });
  });

  it("a reschedule that moves the fee's booking away leaves the fee with the visit; moving the visit's last booking takes the fee line along", async () => {
    const { lab, blood, sugar } = await homeLab();
    const { customer, order, byTest } = await paidByCard(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "Tower 3, Flat 1204" },
    ]);
    const carrier = [byTest(blood.id), byTest(sugar.id)].find((booking) => booking.homeCollectionFeeFils === FEE)!;
    const other = [byTest(blood.id), byTest(sugar.id)].find((booking) => booking.id !== carrier.id)!;

    expect(await rescheduleMyBooking(customer.id, carrier.id, { labId: lab.id, date: DAY, time: "12:00", expectedSequence: 0 }, env)).toMatchObject({ ok: true });
    expect(await bookingRow(carrier.id)).toMatchObject({ homeCollectionFeeFils: null });
    expect(await bookingRow(other.id)).toMatchObject({ homeCollectionFeeFils: FEE });
    expect((await feeLines(order.id)).map((line) => line.slotStart)).toEqual([slotStartFor(DAY, "10:00")]);

    // The visit's last booking moves: its fee line goes with it, and is refunded with it.
    expect(await rescheduleMyBooking(customer.id, other.id, { labId: lab.id, date: DAY, time: "14:00", expectedSequence: 0 }, env)).toMatchObject({ ok: true });
    expect((await feeLines(order.id)).map((line) => line.slotStart)).toEqual([slotStartFor(DAY, "14:00")]);
    expect(await cancelMyBooking(customer.id, other.id, {}, env)).toMatchObject({ ok: true, refundFils: other.priceFils! + FEE });
  });

  it("Cancel Order of an unpaid order cancels every visit's bookings; no fee is left on an active booking", async () => {
    const { lab, blood, sugar } = await homeLab();
    const customer = await cartOfVisits(lab.id, [
      { testId: blood.id, address: "Tower 3, Flat 1204" },
      { testId: sugar.id, address: "Tower 3, Flat 1204" },
    ]);
    const order = await placeCashOnDeliveryOrder(customer.id, details());
    expect(await cancelOrder(customer.id, order.id)).toBe("cancelled");
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked.every((booking) => booking.status === "cancelled")).toBe(true);
    // The fee is recorded once for the visit, on the booking cancelled last.
    expect(booked.reduce((sum, booking) => sum + (booking.homeCollectionFeeFils ?? 0), 0)).toBe(FEE);
  });
});
