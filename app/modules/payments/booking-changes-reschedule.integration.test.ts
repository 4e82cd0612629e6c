import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, demoPaymentSessions, jobs, orderItems, orders, paymentRefunds, slotCounts, statusChanges, webhookSettings } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import {
  CHANGED_MEANWHILE_MESSAGE,
  HOME_SAME_LAB_MESSAGE,
  rescheduleMyBooking,
  rescheduleOptions,
  reviewReschedule,
  SAME_SLOT_MESSAGE,
} from "~/modules/payments/booking-changes.server";
import { TOO_LATE_MESSAGE } from "~/modules/booking/change-policy";
import { createBooking } from "~/modules/booking/create-booking.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { SLOT_TAKEN_MESSAGE, weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { DELIVER_WEBHOOK_JOB } from "~/modules/webhooks/emit-event.server";
import { parseEnv } from "~/utils/env.server";
import { action as rescheduleAction, loader as rescheduleLoader } from "~/routes/dashboard.bookings.reschedule";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { patientDetails } from "../../../tests/fakes/patient-details";

afterEach(() => setClockOffset(0));

const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const dayAhead = (days = 3) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const DAY = dayAhead();
const NEXT_DAY = dayAhead(4);
const at = (time: string, date = DAY) => slotStartFor(date, time);

const details = (overrides: Partial<PatientDetails> = {}) => patientDetails("Omar Saeed", { scheduledDate: DAY, ...overrides });

/** Three labs offering the test: Al Noor (AED 100, the cheapest), Medsol (AED 140), Dear Lab (AED 200); 2 per walk-in slot. */
async function marketplace() {
  const lab = (name: string, input: Parameters<typeof insertLab>[1] = {}) =>
    insertLab(db, { name, openingHours: everyDay("07:00", "21:00"), walkInSlotMinutes: 30, walkInCapacity: 2, ...input });
  const noor = await lab("Al Noor Lab", { homeCollectionFeeFils: 4_000, homeCollectionAreas: ["Al Reem Island"], homeSlotMinutes: 60, homeCapacity: 2 });
  const medsol = await lab("Medsol");
  const dear = await lab("Dear Lab");
  const test = await insertTest(db, { priceFils: 99_999 });
  await saveOffer(db, { labId: noor.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: true, isActive: true });
  await saveOffer(db, { labId: medsol.id, testId: test.id, priceFils: 14_000, walkIn: true, homeCollection: false, isActive: true });
  await saveOffer(db, { labId: dear.id, testId: test.id, priceFils: 20_000, walkIn: true, homeCollection: false, isActive: true });
  await db.insert(webhookSettings).values({ name: "CRM", url: "http://127.0.0.1:9/hook", events: ["booking_updated"] });
  return { noor, medsol, dear, test };
}

/** A card-paid booking (demo provider) at the chosen lab, 09:00. */
async function cardBooking(labName: "noor" | "medsol" = "medsol") {
  const market = await marketplace();
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId: market.test.id, quantity: 1 });
  const lab = market[labName];
  expect(await saveAndCheckLineChoices(customer.id, details(), { [`labId:${market.test.id}`]: lab.id, [`slotTime:${market.test.id}`]: "09:00" })).toEqual({});
  const { orderId } = await startCardPayment(demoProvider(env), customer.id, details(), env);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await settleDemoSession(order.paymentSessionId!, "paid");
  await confirmPayment(demoProvider(env), order.paymentSessionId!, customer.id);
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, orderId));
  return { ...market, customer, order, booking };
}

async function codBooking(quantity = 1) {
  const market = await marketplace();
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId: market.test.id, quantity });
  const order = await placeCashOnDeliveryOrder(customer.id, details());
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
  return { ...market, customer, order, booking };
}

const bookingRow = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
const takenAt = async (labId: string, start: Date) =>
  (await db.select().from(slotCounts).where(and(eq(slotCounts.labId, labId), eq(slotCounts.slotStart, start))))[0]?.taken ?? 0;
const jobsOf = (kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.id));

type RescheduleArgs = Parameters<typeof rescheduleAction>[0];
const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

describe("a customer reschedules their own booking", () => {
  it("to another time at the same lab: one transaction moves the slot, and the change is audited, announced and messaged", async () => {
    const { noor, customer, booking, order } = await codBooking(2);
    await db.update(bookings).set({ reminderQueuedFor: at("09:00") }).where(eq(bookings.id, booking.id));
    expect(await takenAt(noor.id, at("09:00"))).toBe(2);

    const options = await rescheduleOptions(customer.id, booking.id, { labId: null, date: NEXT_DAY });
    expect(options).toMatchObject({ refusal: null, labId: noor.id, date: NEXT_DAY, booking: { units: 2, calendarSequence: 0 } });
    expect(options!.slots.map((slot) => slot.time)).toContain("10:30");
    expect(await reviewReschedule(customer.id, booking.id, { labId: noor.id, date: NEXT_DAY, time: "10:30" })).toMatchObject({
      ok: true,
      lab: { labId: noor.id, current: true, terms: { differenceFils: 0, refundFils: 0 } },
      newTotalFils: 20_000,
    });

    const moved = await rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: NEXT_DAY, time: "10:30", expectedSequence: 0 }, env);
    expect(moved).toEqual({ ok: true, labName: "Al Noor Lab", labNameAr: null, date: NEXT_DAY, time: "10:30", refundFils: 0, differenceFils: 0, refunded: false });
    expect(await bookingRow(booking.id)).toMatchObject({
      labId: noor.id,
      scheduledDate: NEXT_DAY,
      scheduledTime: "10:30",
      slotStart: at("10:30", NEXT_DAY),
      priceFils: 10_000,
      calendarSequence: 1,
      reminderQueuedFor: null,
      status: "pending",
    });
    expect(await takenAt(noor.id, at("09:00"))).toBe(0);
    expect(await takenAt(noor.id, at("10:30", NEXT_DAY))).toBe(2);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ slotStart: at("10:30", NEXT_DAY), labId: noor.id, unitPriceFils: 10_000 });

    const audit = await db.select().from(statusChanges).where(and(eq(statusChanges.subjectId, booking.id), eq(statusChanges.field, "schedule")));
    expect(audit).toEqual([
      expect.objectContaining({
        fromStatus: `${DAY} 09:00 · Al Noor Lab`,
        toStatus: `${NEXT_DAY} 10:30 · Al Noor Lab`,
        actorKind: "customer",
        actorId: customer.id,
        reason: "reschedule",
      }),
    ]);
    const [event] = (await jobsOf(DELIVER_WEBHOOK_JOB)).map((job) => (job.payload as { envelope: { type: string; data: { booking: Record<string, unknown> } } }).envelope);
    expect(event).toMatchObject({ type: "booking_updated", data: { booking: { id: booking.id, scheduled_date: NEXT_DAY, scheduled_time: "10:30", status: "pending" } } });
    const messages = (await jobsOf(SEND_NOTIFICATION_JOB)).filter((job) => job.dedupeKey === `booking_rescheduled:${booking.id}:1`);
    expect(messages).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ kind: "booking_rescheduled", previous: { scheduledDate: DAY, scheduledTime: "09:00", labName: "Al Noor Lab" } }),
      }),
    ]);
  });

  it("a card booking moved to a cheaper lab gets the difference back; a dearer lab is refused with the reason", async () => {
    const { noor, dear, medsol, customer, booking, order } = await cardBooking("medsol");
    const options = await rescheduleOptions(customer.id, booking.id, { labId: dear.id, date: DAY });
    expect(options!.labs.map((lab) => [lab.labName, lab.terms.allowed, lab.terms.differenceFils])).toEqual([
      ["Medsol", true, 0],
      ["Al Noor Lab", true, -4_000],
      ["Dear Lab", false, 6_000],
    ]);
    expect(options!.slots).toEqual([]);
    expect(await reviewReschedule(customer.id, booking.id, { labId: dear.id, date: DAY, time: "10:00" })).toEqual({
      ok: false,
      status: 409,
      message: "This lab costs AED 60.00 more. A card payment cannot be topped up: cancel and book again to choose this lab.",
    });
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: dear.id, date: DAY, time: "10:00", expectedSequence: 0 }, env)).toMatchObject({ ok: false, status: 409 });
    expect(await bookingRow(booking.id)).toMatchObject({ labId: medsol.id, calendarSequence: 0 });

    expect(await reviewReschedule(customer.id, booking.id, { labId: noor.id, date: DAY, time: "10:00" })).toMatchObject({
      ok: true,
      lab: { labName: "Al Noor Lab", current: false, terms: { refundFils: 4_000 } },
    });
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: DAY, time: "10:00", expectedSequence: 0 }, env)).toEqual({
      ok: true,
      labName: "Al Noor Lab",
      labNameAr: null,
      date: DAY,
      time: "10:00",
      refundFils: 4_000,
      differenceFils: -4_000,
      refunded: true,
    });
    expect(await bookingRow(booking.id)).toMatchObject({ labId: noor.id, priceFils: 10_000, calendarSequence: 1 });
    expect(await takenAt(medsol.id, at("09:00"))).toBe(0);
    expect(await takenAt(noor.id, at("10:00"))).toBe(1);
    expect(await db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, booking.id))).toEqual([
      expect.objectContaining({ amountFils: 4_000, reason: "reschedule_difference", status: "succeeded", idempotencyKey: `booking-reschedule-${booking.id}-1` }),
    ]);
    // The card order keeps what was charged; its line names the new lab and time.
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid.totalAmountFils).toBe(14_000);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ labId: noor.id, labName: "Al Noor Lab", unitPriceFils: 14_000, slotStart: at("10:00") });
    // The demo session is partly refunded, not closed; a later cancel refunds what is left (the new price).
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, order.paymentSessionId!));
    expect(session.status).toBe("paid");
  });

  it("cash on delivery may move to a dearer lab: the amount due at collection and the order total follow", async () => {
    const { dear, customer, booking, order } = await codBooking(2);
    expect(await reviewReschedule(customer.id, booking.id, { labId: dear.id, date: DAY, time: "11:00" })).toMatchObject({
      ok: true,
      newTotalFils: 40_000,
      lab: { terms: { allowed: true, differenceFils: 20_000, refundFils: 0 } },
    });
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: dear.id, date: DAY, time: "11:00", expectedSequence: 0 }, env)).toMatchObject({
      ok: true,
      differenceFils: 20_000,
      refundFils: 0,
    });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ labId: dear.id, labName: "Dear Lab", unitPriceFils: 20_000, totalPriceFils: 40_000, quantity: 2 });
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].totalAmountFils).toBe(40_000);
    expect(await db.select().from(paymentRefunds)).toEqual([]);
  });

  it("a Book Test booking (no order) moves too; a home collection stays with its lab", async () => {
    const market = await marketplace();
    const customer = await createAccount(db);
    const booked = await createBooking(customer.id, market.test.id, { ...details(), labId: market.noor.id });
    expect(await rescheduleMyBooking(customer.id, booked.id, { labId: market.medsol.id, date: DAY, time: "12:00", expectedSequence: 0 }, env)).toMatchObject({
      ok: true,
      differenceFils: 4_000,
    });
    expect(await bookingRow(booked.id)).toMatchObject({ labId: market.medsol.id, priceFils: 14_000 });

    const home = await createBooking(customer.id, market.test.id, {
      ...details({ scheduledTime: "10:00" }),
      labId: market.noor.id,
      collectionType: "home",
      homeAddress: "Tower 3",
      homeArea: "Al Reem Island",
    });
    expect((await rescheduleOptions(customer.id, home.id, { labId: null, date: null }))!.labs.map((lab) => lab.labName)).toEqual(["Al Noor Lab"]);
    expect(await rescheduleMyBooking(customer.id, home.id, { labId: market.medsol.id, date: DAY, time: "12:00", expectedSequence: 0 }, env)).toEqual({
      ok: false,
      status: 400,
      message: HOME_SAME_LAB_MESSAGE,
    });
    // 13:00, not 12:00: at 12:00 Omar is at Medsol (the booking moved above).
    expect(await rescheduleMyBooking(customer.id, home.id, { labId: market.noor.id, date: DAY, time: "13:00", expectedSequence: 0 }, env)).toMatchObject({ ok: true });
    expect(await bookingRow(home.id)).toMatchObject({ collectionType: "home", scheduledTime: "13:00", homeCollectionFeeFils: 4_000 });
  });

  it("a slot taken meanwhile is refused and nothing changes: the old slot stays held", async () => {
    const { noor, customer, booking } = await codBooking();
    expect(await reviewReschedule(customer.id, booking.id, { labId: noor.id, date: DAY, time: "13:00" })).toMatchObject({ ok: true });
    // Two other customers take the last places of 13:00 between the review and the confirmation.
    await db.insert(slotCounts).values({ labId: noor.id, collectionType: "walk_in", slotStart: at("13:00"), capacity: 2, taken: 2 });
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: DAY, time: "13:00", expectedSequence: 0 }, env)).toEqual({
      ok: false,
      status: 409,
      message: SLOT_TAKEN_MESSAGE,
    });
    expect(await bookingRow(booking.id)).toMatchObject({ scheduledTime: "09:00", calendarSequence: 0 });
    expect(await takenAt(noor.id, at("09:00"))).toBe(1);
    expect(await takenAt(noor.id, at("13:00"))).toBe(2);
    expect((await rescheduleOptions(customer.id, booking.id, { labId: null, date: DAY }))!.slots.map((slot) => slot.time)).not.toContain("13:00");
  });

  it("a patient is not moved to a time where they are already booked at another place; the same place or another patient is fine", async () => {
    const market = await marketplace();
    const customer = await createAccount(db);
    // Omar has a home visit at 10:00 and a walk-in at Medsol at 09:00.
    await createBooking(customer.id, market.test.id, {
      ...details({ scheduledTime: "10:00" }),
      labId: market.noor.id,
      collectionType: "home",
      homeAddress: "Tower 3",
      homeArea: "Al Reem Island",
    });
    const walkIn = await createBooking(customer.id, market.test.id, { ...details(), labId: market.medsol.id });
    const choice = { labId: market.medsol.id, date: DAY, time: "10:00" };
    const review = await reviewReschedule(customer.id, walkIn.id, choice);
    expect(review).toMatchObject({ ok: false, status: 409 });
    expect(!review.ok && review.message).toMatch(/^Omar Saeed already has a booking at 10:00 on .+ at Home collection \(Al Noor Lab, Al Reem Island\)\. One person cannot be in two places at once/);
    const refused = await rescheduleMyBooking(customer.id, walkIn.id, { ...choice, expectedSequence: 0 }, env);
    expect(refused).toMatchObject({ ok: false, status: 409, message: !review.ok && review.message });
    expect(!refused.ok && refused.describe?.("ar")).toMatch(/[\u0600-\u06FF]/);
    // The Arabic page's review says it in Arabic (a refusal with values is told on the server).
    const request = await signedInAs(customer);
    const page = await routeOutcome(() =>
      rescheduleLoader(
        routeArgs(request(`/ar/dashboard/bookings/${walkIn.id}/reschedule?lab=${market.medsol.id}&date=${DAY}&step=review&time=10:00`), { bookingId: walkIn.id }),
      ),
    );
    expect(page.body).toMatchObject({ review: { ok: false, message: expect.stringMatching(/^لدى Omar Saeed حجز/) } });
    expect(await bookingRow(walkIn.id)).toMatchObject({ scheduledTime: "09:00", calendarSequence: 0 });
    expect(await takenAt(market.medsol.id, at("10:00"))).toBe(0);

    // Moved half an hour later it is fine; so is a second walk-in of his moved to the same place at
    // 10:30, and another patient's booking moved to 10:00.
    expect(await rescheduleMyBooking(customer.id, walkIn.id, { ...choice, time: "10:30", expectedSequence: 0 }, env)).toMatchObject({ ok: true });
    const second = await createBooking(customer.id, market.test.id, { ...details({ scheduledTime: "12:00" }), labId: market.medsol.id });
    expect(await rescheduleMyBooking(customer.id, second.id, { ...choice, time: "10:30", expectedSequence: 0 }, env)).toMatchObject({ ok: true });
    const other = await createBooking(customer.id, market.test.id, { ...details({ patientName: "Mariam Saeed" }), labId: market.medsol.id });
    expect(await rescheduleMyBooking(customer.id, other.id, { ...choice, expectedSequence: 0 }, env)).toMatchObject({ ok: true });
  });

  it("two of a patient's bookings at two labs moved to one time at once: one moves, the other is refused as two places", async () => {
    const market = await marketplace();
    const customer = await createAccount(db);
    const atNoor = await createBooking(customer.id, market.test.id, { ...details(), labId: market.noor.id });
    const atMedsol = await createBooking(customer.id, market.test.id, { ...details({ scheduledTime: "11:00" }), labId: market.medsol.id });
    const outcomes = await Promise.all([
      rescheduleMyBooking(customer.id, atNoor.id, { labId: market.noor.id, date: DAY, time: "14:00", expectedSequence: 0 }, env),
      rescheduleMyBooking(customer.id, atMedsol.id, { labId: market.medsol.id, date: DAY, time: "14:00", expectedSequence: 0 }, env),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/^Omar Saeed already has a booking at 14:00 /) });
    const times = [(await bookingRow(atNoor.id)).scheduledTime, (await bookingRow(atMedsol.id)).scheduledTime].sort();
    expect(times).toEqual(outcomes[0].ok ? ["11:00", "14:00"] : ["09:00", "14:00"]);
    expect((await takenAt(market.noor.id, at("14:00"))) + (await takenAt(market.medsol.id, at("14:00")))).toBe(1);
  });

  it("two reschedules at once: one moves the booking, the other is told it changed meanwhile", async () => {
    const { noor, customer, booking } = await codBooking();
    const outcomes = await Promise.all([
      rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: DAY, time: "14:00", expectedSequence: 0 }, env),
      rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: DAY, time: "15:00", expectedSequence: 0 }, env),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toEqual({ ok: false, status: 409, message: CHANGED_MEANWHILE_MESSAGE });
    const row = await bookingRow(booking.id);
    expect(row.calendarSequence).toBe(1);
    expect((await takenAt(noor.id, at("14:00"))) + (await takenAt(noor.id, at("15:00")))).toBe(1);
    expect(await takenAt(noor.id, at("09:00"))).toBe(0);
  });

  it("less than 2 hours before, or to a time less than 2 hours away, or to a time that is not a slot: refused, nothing changes", async () => {
    const { noor, customer, booking } = await codBooking();
    setClockOffset(at("09:00").getTime() - 90 * 60_000 - Date.now());
    expect(await rescheduleOptions(customer.id, booking.id, { labId: null, date: null })).toMatchObject({ refusal: TOO_LATE_MESSAGE, slots: [] });
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: DAY, time: "12:00", expectedSequence: 0 }, env)).toEqual({
      ok: false,
      status: 409,
      message: TOO_LATE_MESSAGE,
    });
    setClockOffset(0);
    const later = await codBooking();
    await db.update(bookings).set({ scheduledTime: "20:30", slotStart: at("20:30") }).where(eq(bookings.id, later.booking.id));
    setClockOffset(at("17:00").getTime() - Date.now());
    expect(await rescheduleMyBooking(later.customer.id, later.booking.id, { labId: later.noor.id, date: DAY, time: "18:00", expectedSequence: 0 }, env)).toEqual({
      ok: false,
      status: 400,
      message: "Please choose a time at least 2 hours from now",
    });
    setClockOffset(0);
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: DAY, time: "09:10", expectedSequence: 0 }, env)).toMatchObject({ ok: false, status: 400 });
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: noor.id, date: DAY, time: "09:00", expectedSequence: 0 }, env)).toEqual({
      ok: false,
      status: 400,
      message: SAME_SLOT_MESSAGE,
    });
    expect(await rescheduleMyBooking(customer.id, booking.id, { labId: crypto.randomUUID(), date: DAY, time: "10:00", expectedSequence: 0 }, env)).toMatchObject({ ok: false, status: 400 });
    expect(await bookingRow(booking.id)).toMatchObject({ scheduledTime: "09:00", calendarSequence: 0 });
  });

  it("another customer's booking is not found, and its page and action say so without changing anything", async () => {
    const { noor, booking } = await codBooking();
    const intruder = await createAccount(db);
    expect(await rescheduleMyBooking(intruder.id, booking.id, { labId: noor.id, date: DAY, time: "10:00", expectedSequence: 0 }, env)).toEqual({
      ok: false,
      status: 404,
      message: "Booking not found",
    });
    const request = await signedInAs(intruder);
    const path = `/dashboard/bookings/${booking.id}/reschedule`;
    expect(await routeOutcome(() => rescheduleLoader(routeArgs(request(path), { bookingId: booking.id })))).toMatchObject({ status: 404 });
    const posted = await routeOutcome(() =>
      rescheduleAction(
        routeArgs<RescheduleArgs>(request(path, { method: "POST", body: form({ labId: noor.id, date: DAY, time: "10:00", expectedSequence: "0" }) }), {
          bookingId: booking.id,
        }),
      ),
    );
    expect(posted).toMatchObject({ status: 404 });
    expect(await bookingRow(booking.id)).toMatchObject({ scheduledTime: "09:00", calendarSequence: 0 });
  });

  it("the page reviews a choice before confirming; malformed posts answer 400 with a message; a good one redirects", async () => {
    const { noor, customer, booking } = await codBooking();
    const request = await signedInAs(customer);
    const path = `/dashboard/bookings/${booking.id}/reschedule`;
    const page = await routeOutcome(() =>
      rescheduleLoader(routeArgs(request(`${path}?lab=${noor.id}&date=${DAY}&step=review&time=16:00`), { bookingId: booking.id })),
    );
    expect(page.body).toMatchObject({ review: { ok: true, date: DAY, time: "16:00", lab: { labName: "Al Noor Lab" } } });
    const badPage = await routeOutcome(() =>
      rescheduleLoader(routeArgs(request(`${path}?lab=nope&date=2026-02-30&step=review&time=25:99`), { bookingId: booking.id })),
    );
    expect(badPage.body).toMatchObject({ review: { ok: false, message: "Please choose a time" } });

    const post = (fields: Record<string, string>) =>
      routeOutcome(() => rescheduleAction(routeArgs<RescheduleArgs>(request(path, { method: "POST", body: form(fields) }), { bookingId: booking.id })));
    const good = { labId: noor.id, date: DAY, time: "16:00", expectedSequence: "0" };
    for (const bad of [{}, { ...good, labId: "x" }, { ...good, date: "tomorrow" }, { ...good, time: "4pm" }, { ...good, expectedSequence: "-1" }]) {
      expect(await post(bad)).toMatchObject({ status: 400, body: { ok: false, toast: { title: "Booking not rescheduled", description: expect.any(String) } } });
    }
    expect(await bookingRow(booking.id)).toMatchObject({ scheduledTime: "09:00" });
    expect(await post(good)).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await bookingRow(booking.id)).toMatchObject({ scheduledTime: "16:00", calendarSequence: 1 });
    // The same confirmation again (a double submit) moves nothing.
    expect(await post(good)).toMatchObject({ status: 409, body: { toast: { description: CHANGED_MEANWHILE_MESSAGE } } });
  });
});
