import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, cashCollections, invoiceLines, invoices, type orderItems, orders } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { DEMO_BUSINESS_SETTINGS } from "~/seed/demo-data.server";
import { bookingForAdmin } from "~/modules/booking/booking-timeline.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { saveBusinessSettings } from "~/modules/invoices/business-settings.server";
import { uncollectedCash } from "~/modules/invoices/invoices-admin.server";
import { cashDueOf, chargedLines } from "~/modules/invoices/order-due.server";
import { ordersForUser } from "~/modules/orders/order-history.server";
import type { LabScope } from "~/modules/partner/lab-scope.server";
import { labWorklist } from "~/modules/partner/worklist.server";
import { cancelMyBooking } from "~/modules/payments/booking-changes.server";
import { BOOKING_DROPPED, runCashCollected, wrongAmountMessage } from "~/modules/payments/record-cash.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { patientDetails } from "../../../tests/fakes/patient-details";

afterEach(() => setClockOffset(0));

const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const SLOT_DATE = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const SLOT_START = slotStartFor(SLOT_DATE, "09:00");
const details = () => patientDetails("Layla Haddad", { scheduledDate: SLOT_DATE });

/** A cash-on-delivery order of two tests at one lab (Vitamin D AED 150, standard-rated; CBC AED 80, zero-rated), both at 09:00, at home when `home`. */
async function twoLineOrder({ home = false } = {}) {
  const lab = await insertLab(db, {
    name: "Al Noor Lab",
    openingHours: everyDay("07:00", "21:00"),
    walkInSlotMinutes: 30,
    walkInCapacity: 5,
    homeCollectionFeeFils: 4_000,
    homeCollectionAreas: ["Al Reem Island"],
    homeSlotMinutes: 60,
    homeCapacity: 5,
  });
  const vitaminD = await insertTest(db, { name: "Vitamin D", priceFils: 15_000 });
  const cbc = await insertTest(db, { name: "CBC", priceFils: 8_000, vatRate: "zero" });
  for (const test of [vitaminD, cbc]) {
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: test.priceFils, walkIn: true, homeCollection: true, isActive: true });
  }
  const customer = await createAccount(db);
  for (const test of [vitaminD, cbc]) await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
  if (home) {
    const choices = Object.fromEntries(
      [vitaminD, cbc].flatMap((test) => [
        [`labId:${test.id}`, lab.id],
        [`collectionType:${test.id}`, "home"],
        [`slotTime:${test.id}`, "09:00"],
        [`homeAddress:${test.id}`, "Tower 3, Flat 1204"],
        [`homeArea:${test.id}`, "Al Reem Island"],
      ]),
    );
    expect(await saveAndCheckLineChoices(customer.id, details(), choices)).toEqual({});
  }
  const order = await placeCashOnDeliveryOrder(customer.id, details());
  const rows = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
  const bookingOf = (testId: string) => rows.find((row) => row.testId === testId)!;
  return { lab, customer, order, vitaminD: bookingOf(vitaminD.id), cbc: bookingOf(cbc.id) };
}

const scopeOf = (labId: string, userId: string) => ({ labId, labName: "Al Noor Lab", userId, email: "staff@example.com", role: "staff" }) as LabScope;
const collect = (bookingId: string, amount: string, labId: string, staffId: string) =>
  runCashCollected({ kind: "lab", id: staffId }, { intent: "collect-cash", bookingId, amount }, { labId });

describe("the cash due on a cash-on-delivery order with a cancelled booking", () => {
  it("a line cancelled late costs nothing: the worklist, the admin, the customer and the collect form ask for the rest, and the invoice lists only it", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const { lab, customer, order, vitaminD, cbc } = await twoLineOrder();
    expect(order.totalAmountFils).toBe(23_000);
    expect(await cashDueOf(db, order.id)).toBe(23_000);

    // Five hours before the visit: a late cancellation, which keeps no fee of an unpaid order (Terms, section 6).
    setClockOffset(SLOT_START.getTime() - 5 * 3_600_000 - Date.now());
    expect(await cancelMyBooking(customer.id, vitaminD.id)).toMatchObject({ ok: true, feeFils: 0, refundFils: 0 });
    expect(await cashDueOf(db, order.id)).toBe(8_000);

    const staff = await createAccount(db);
    const worklist = (await labWorklist(scopeOf(lab.id, staff.id), SLOT_DATE)).slots.flatMap((slot) => slot.bookings);
    expect(worklist.find((row) => row.id === cbc.id)?.cashDueFils).toBe(8_000);
    expect(worklist.find((row) => row.id === vitaminD.id)?.cashDueFils).toBeNull();
    const admin = (await uncollectedCash()).flatMap((group) => group.bookings).filter((row) => row.bookingId === cbc.id || row.bookingId === vitaminD.id);
    expect(admin).toEqual([{ bookingId: cbc.id, patientName: "Layla Haddad", amountFils: 8_000 }]);
    const [listed] = await ordersForUser(customer.id);
    expect(listed).toMatchObject({ totalAmountFils: 23_000, cashDueFils: 8_000 });
    expect((await bookingForAdmin(cbc.id))?.booking).toMatchObject({ orderTotalFils: 23_000, cashDueFils: 8_000 });

    // The old total is refused with the new figure; the cancelled booking's lab did not visit.
    expect(await collect(cbc.id, "230.00", lab.id, staff.id)).toEqual({ ok: false, status: 400, message: wrongAmountMessage(8_000) });
    expect(wrongAmountMessage(8_000)).toBe("The amount due is AED 80.00. Record exactly that amount.");
    expect(await collect(vitaminD.id, "80.00", lab.id, staff.id)).toEqual({ ok: false, status: 409, message: BOOKING_DROPPED });
    expect(await db.select().from(cashCollections).where(eq(cashCollections.orderId, order.id))).toEqual([]);

    const recorded = await collect(cbc.id, "80", lab.id, staff.id);
    expect(recorded).toMatchObject({ ok: true, amountFils: 8_000 });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice).toMatchObject({ totalFils: 8_000, taxableFils: 8_000, vatFils: 0 });
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    expect(lines.map((line) => [line.testName, line.quantity, line.totalFils, line.vatRateBasisPoints, line.vatFils])).toEqual([["CBC", 1, 8_000, 0, 0]]);
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ paymentStatus: "paid" });
    expect((await ordersForUser(customer.id))[0].cashDueFils).toBeNull();
    expect((await bookingForAdmin(cbc.id))?.booking.cashDueFils).toBeNull();

    // A replay, or the amount of the whole order, is a second collection: refused, nothing changes.
    for (const amount of ["80", "230"]) {
      expect(await collect(cbc.id, amount, lab.id, staff.id)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("already recorded: AED 80.00") });
    }
    expect(await db.select().from(cashCollections).where(eq(cashCollections.orderId, order.id))).toHaveLength(1);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it("a home visit keeps its fee while one of its bookings remains: the due and the invoice carry it, with its VAT", async () => {
    await saveBusinessSettings(DEMO_BUSINESS_SETTINGS);
    const { lab, customer, order, vitaminD, cbc } = await twoLineOrder({ home: true });
    expect(order.totalAmountFils).toBe(27_000);
    expect(await cancelMyBooking(customer.id, cbc.id)).toMatchObject({ ok: true });
    expect(await cashDueOf(db, order.id)).toBe(19_000);

    const staff = await createAccount(db);
    expect(await collect(vitaminD.id, "270", lab.id, staff.id)).toEqual({ ok: false, status: 400, message: wrongAmountMessage(19_000) });
    expect(await collect(vitaminD.id, "190.00", lab.id, staff.id)).toMatchObject({ ok: true, amountFils: 19_000 });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position));
    expect(lines.map((line) => [line.kind, line.testName, line.totalFils, line.taxableFils, line.vatFils])).toEqual([
      ["test", "Vitamin D", 15_000, 14_286, 714],
      ["home_collection_fee", expect.any(String), 4_000, 3_810, 190],
    ]);
    expect(invoice).toMatchObject({ totalFils: 19_000, taxableFils: 18_096, vatFils: 904 });
  });
});

describe("chargedLines", () => {
  const item = (over: Partial<typeof orderItems.$inferSelect>): typeof orderItems.$inferSelect => ({
    id: crypto.randomUUID(),
    orderId: "o",
    testId: "t1",
    testName: "Test",
    quantity: 1,
    unitPriceFils: 10_000,
    totalPriceFils: 10_000,
    kind: "test",
    labId: "lab",
    labName: "Lab",
    collectionType: "home",
    slotStart: SLOT_START,
    homeAddress: "Tower 3",
    homeArea: "Al Reem Island",
    patientIds: [],
    referralDoctorName: null,
    referralFileId: null,
    ...over,
  });
  const booking = (testId: string, status: (typeof bookings.$inferSelect)["status"]) => ({
    testId,
    status,
    labId: "lab",
    slotStart: SLOT_START,
    collectionType: "home" as const,
    homeArea: "al reem island",
    homeAddress: " Tower  3",
  });

  it("takes off the units of dropped bookings, and the visit's fee only with its last booking", () => {
    const perUnit = item({ testId: "t1", quantity: 3, totalPriceFils: 30_000, patientIds: ["a", "b", "c"] });
    const fee = item({ kind: "home_collection_fee", testId: null, testName: "Home collection", unitPriceFils: 4_000, totalPriceFils: 4_000 });
    const someGone = chargedLines([perUnit, fee], [booking("t1", "cancelled"), booking("t1", "no_show"), booking("t1", "completed")]);
    expect(someGone.map((line) => [line.item.kind, line.quantity, line.totalFils])).toEqual([
      ["test", 1, 10_000],
      ["home_collection_fee", 1, 4_000],
    ]);
    expect(chargedLines([perUnit, fee], [booking("t1", "cancelled"), booking("t1", "cancelled"), booking("t1", "cancelled")])).toEqual([]);
    // One booking holding every unit (no saved patients); a line whose test is gone stays whole.
    const whole = item({ testId: "t2", quantity: 2, totalPriceFils: 20_000 });
    expect(chargedLines([whole], [booking("t2", "cancelled")])).toEqual([]);
    expect(chargedLines([whole], [booking("t2", "pending")]).map((line) => line.totalFils)).toEqual([20_000]);
    expect(chargedLines([item({ testId: null })], [booking("t1", "cancelled")]).map((line) => line.totalFils)).toEqual([10_000]);
  });
});
