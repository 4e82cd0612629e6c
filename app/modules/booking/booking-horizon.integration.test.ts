import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, orders, slotCounts } from "~/db/schema";
import { rescheduleMyBooking, reviewReschedule } from "~/modules/payments/booking-changes.server";
import { bookingHorizon } from "~/modules/booking/booking-horizon.server";
import { BEYOND_HORIZON_MESSAGE, lastBookableDate } from "~/modules/booking/change-policy";
import { createBooking } from "~/modules/booking/create-booking.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { demoProvider } from "~/modules/payments/card-provider.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { action as bookAction } from "~/routes/book";
import { action as checkoutAction } from "~/routes/checkout";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { todayInDubai } from "~/utils/dubai-date";
import { parseEnv } from "~/utils/env.server";
import { patientDetails } from "../../../tests/fakes/patient-details";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "07:00", close: "21:00" }])) as OpeningHours;
const form = (fields: Record<string, string | null>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value ?? "");
  return body;
};

// The horizon's last day and the day after it, counted from today in Abu Dhabi (default 90 days).
const today = todayInDubai();
const LAST_DAY = lastBookableDate(today, 90);
const DAY_AFTER = lastBookableDate(today, 91);

async function market() {
  const lab = await insertLab(db, { name: "Al Noor Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
  const test = await insertTest(db, { priceFils: 15_000 });
  await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: false, isActive: true });
  return { lab, test };
}

describe("the booking horizon (BOOKING_HORIZON_DAYS, default 90 days)", () => {
  it("is today plus the setting, read by the texts from the policy module", () => {
    expect(lastBookableDate("2026-12-31", 90)).toBe("2027-03-31");
    expect(lastBookableDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(bookingHorizon(new Date("2026-11-30T21:00:00Z"), env)).toEqual({ days: 90, lastDate: "2027-03-01" });
    expect(bookingHorizon(new Date("2026-11-30T12:00:00Z"), parseEnv({ BOOKING_HORIZON_DAYS: "30" }))).toEqual({ days: 30, lastDate: "2026-12-30" });
  });

  it("Book Test refuses 9999-12-31 and the day after the horizon on the date field, and books its last day", async () => {
    const { lab, test } = await market();
    const customer = await createAccount(db);
    const request = await signedInAs(customer);
    const book = (scheduledDate: string) =>
      routeOutcome(() =>
        bookAction(
          routeArgs<Parameters<typeof bookAction>[0]>(
            request(`/book/${test.id}`, { method: "POST", body: form({ ...patientDetails("Noor Khalil"), scheduledDate, scheduledTime: "10:00", labId: lab.id }) }),
            { testId: test.id },
          ),
        ),
      );
    for (const date of ["9999-12-31", DAY_AFTER]) {
      expect(await book(date)).toMatchObject({
        status: 400,
        body: { ok: false, fieldErrors: { scheduledDate: [BEYOND_HORIZON_MESSAGE] }, toast: { description: BEYOND_HORIZON_MESSAGE } },
      });
    }
    expect(await db.select().from(bookings)).toEqual([]);
    expect(await db.select().from(slotCounts)).toEqual([]);
    expect(await book(LAST_DAY)).toMatchObject({ status: 200, body: { ok: true } });

    // A test no lab offers (no slot) is bounded too.
    const plain = await insertTest(db);
    await expect(createBooking(customer.id, plain.id, patientDetails("Noor Khalil", { scheduledDate: "9999-12-31" }))).rejects.toMatchObject({
      field: "scheduledDate",
      message: BEYOND_HORIZON_MESSAGE,
    });
  });

  it("checkout refuses a date beyond the horizon at the details step, and placing the order (cash or card) refuses it too", async () => {
    const { lab, test } = await market();
    const customer = await createAccount(db);
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    const request = await signedInAs(customer);
    const details = await routeOutcome(() =>
      checkoutAction(
        routeArgs<Parameters<typeof checkoutAction>[0]>(
          request("/checkout?step=details", {
            method: "POST",
            body: form({ intent: "details", ...patientDetails("Noor Khalil"), scheduledDate: "9999-12-31", [`labId:${test.id}`]: lab.id }),
          }),
        ),
      ),
    );
    expect(details).toMatchObject({ status: 400, body: { fieldErrors: { scheduledDate: [BEYOND_HORIZON_MESSAGE] } } });

    // The details cookie is only a convenience: a date beyond the horizon is refused when the order is placed.
    const far = patientDetails("Noor Khalil", { scheduledDate: "9999-12-31", scheduledTime: "10:00" });
    for (const method of ["cash_on_delivery", "card"] as const) {
      expect(await placeOrder(customer.id, far, method)).toEqual({
        ok: false,
        status: 400,
        toast: { type: "error", title: "Please check your tests", description: BEYOND_HORIZON_MESSAGE },
      });
    }
    await expect(startCardPayment(demoProvider(env), customer.id, { ...far, scheduledDate: DAY_AFTER }, env)).rejects.toThrow(BEYOND_HORIZON_MESSAGE);
    expect(await db.select().from(orders)).toEqual([]);
    expect(await db.select().from(slotCounts)).toEqual([]);

    expect(await placeOrder(customer.id, { ...far, scheduledDate: LAST_DAY }, "cash_on_delivery")).toMatchObject({ ok: true });
  });

  it("a reschedule beyond the horizon is refused at review and at confirmation, and nothing moves", async () => {
    const { lab, test } = await market();
    const customer = await createAccount(db);
    const booked = await createBooking(customer.id, test.id, { ...patientDetails("Noor Khalil", { scheduledDate: LAST_DAY, scheduledTime: "10:00" }), labId: lab.id });
    for (const date of ["9999-12-31", DAY_AFTER]) {
      expect(await reviewReschedule(customer.id, booked.id, { labId: lab.id, date, time: "10:00" })).toEqual({ ok: false, status: 400, message: BEYOND_HORIZON_MESSAGE });
      expect(await rescheduleMyBooking(customer.id, booked.id, { labId: lab.id, date, time: "10:00", expectedSequence: 0 }, env)).toEqual({
        ok: false,
        status: 400,
        message: BEYOND_HORIZON_MESSAGE,
      });
    }
    expect((await db.select().from(bookings).where(eq(bookings.id, booked.id)))[0]).toMatchObject({ scheduledDate: LAST_DAY, calendarSequence: 0 });
    expect(await rescheduleMyBooking(customer.id, booked.id, { labId: lab.id, date: LAST_DAY, time: "11:00", expectedSequence: 0 }, env)).toMatchObject({ ok: true });
  });
});
