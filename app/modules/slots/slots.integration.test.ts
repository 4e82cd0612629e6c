import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, slotCounts } from "~/db/schema";
import { createBooking, SlotTakenError } from "~/modules/booking/create-booking.server";
import { STATUS_CHANGE_REFUSALS, setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { action as bookingsAction } from "~/routes/admin/bookings";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { getNow, setClockOffset } from "~/modules/slots/clock.server";
import { SLOT_TAKEN_MESSAGE, weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { freeSlotsForDay, holdSlot, nextFreeSlots, SlotNotOfferedError, SlotTooSoonError } from "~/modules/slots/slots.server";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { todayInDubai } from "~/utils/dubai-date";

// Days count from the file's start, so that a run crossing midnight in Dubai (20:00 UTC) keeps one date.
const startedAt = Date.now();

const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const inDays = (days: number) => todayInDubai(new Date(startedAt + days * 86_400_000));
const patient = (date: string, time: string) => ({
  patientName: "Noor Khalil",
  patientEmail: "noor@example.com",
  patientPhone: null,
  notes: null,
  scheduledDate: date,
  scheduledTime: time,
});

async function labWithOffer(lab: Parameters<typeof insertLab>[1] = {}, priceFils = 12000) {
  const row = await insertLab(db, {
    openingHours: everyDay("08:00", "12:00"),
    walkInSlotMinutes: 30,
    walkInCapacity: 3,
    homeSlotMinutes: 60,
    homeCapacity: 1,
    homeCollectionFeeFils: 3500,
    homeCollectionAreas: ["Al Reem Island"],
    ...lab,
  });
  const test = await insertTest(db);
  await saveOffer(db, { labId: row.id, testId: test.id, priceFils, walkIn: true, homeCollection: true, isActive: true });
  return { lab: row, test };
}

describe("a lab's slots", () => {
  it("come from its opening hours and slot settings, per collection type, in Asia/Dubai", async () => {
    const { lab } = await labWithOffer();
    const date = inDays(3);
    const walkIn = await freeSlotsForDay(lab.id, "walk_in", date);
    expect(walkIn.map((slot) => slot.time)).toEqual(["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
    expect(walkIn[0]).toMatchObject({ capacity: 3, taken: 0, free: 3, status: "free" });
    // 08:00 in Abu Dhabi is 04:00 UTC.
    expect(walkIn[0].start.toISOString()).toBe(`${date}T04:00:00.000Z`);
    expect((await freeSlotsForDay(lab.id, "home", date)).map((slot) => slot.time)).toEqual(["08:00", "09:00", "10:00", "11:00"]);
  });

  it("a closed day, no published hours, no home-collection fee or capacity 0 give no slots", async () => {
    const date = inDays(3);
    const closed = await insertLab(db, { openingHours: { ...everyDay("08:00", "12:00"), [weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]]: null } });
    expect(await freeSlotsForDay(closed.id, "walk_in", date)).toEqual([]);
    const unpublished = await insertLab(db, { openingHours: null });
    expect(await freeSlotsForDay(unpublished.id, "walk_in", date)).toEqual([]);
    const noHome = await insertLab(db, { openingHours: everyDay("08:00", "12:00"), homeCollectionFeeFils: null });
    expect(await freeSlotsForDay(noHome.id, "home", date)).toEqual([]);
    const noWalkIn = await insertLab(db, { openingHours: everyDay("08:00", "12:00"), walkInCapacity: 0 });
    expect(await freeSlotsForDay(noWalkIn.id, "walk_in", date)).toEqual([]);
    expect(await freeSlotsForDay(crypto.randomUUID(), "walk_in", date)).toEqual([]);
  });

  it("past slots and today's slots less than 2 hours ahead are not offered; a full slot shows as full", async () => {
    const { lab } = await labWithOffer({ openingHours: everyDay("00:00", "24:00"), walkInSlotMinutes: 60 });
    const now = new Date(`${inDays(1)}T06:10:00Z`); // 10:10 in Abu Dhabi
    const slots = await freeSlotsForDay(lab.id, "walk_in", inDays(1), now);
    expect(slots.filter((slot) => slot.status === "too-soon").map((slot) => slot.time).at(-1)).toBe("12:00");
    expect(slots.find((slot) => slot.time === "13:00")?.status).toBe("free");

    const date = inDays(3);
    const start = slotStartFor(date, "09:00");
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) expect(await holdSlot(tx, { labId: lab.id, type: "walk_in", start })).toBe(true);
      expect(await holdSlot(tx, { labId: lab.id, type: "walk_in", start })).toBe(false);
    });
    expect((await freeSlotsForDay(lab.id, "walk_in", date)).find((slot) => slot.time === "09:00")).toMatchObject({
      taken: 3,
      free: 0,
      status: "full",
    });
  });

  it("holding refuses a time that is not one of the lab's slots, or too soon", async () => {
    const { lab } = await labWithOffer();
    await expect(db.transaction((tx) => holdSlot(tx, { labId: lab.id, type: "walk_in", start: slotStartFor(inDays(3), "09:10") }))).rejects.toBeInstanceOf(
      SlotNotOfferedError,
    );
    await expect(db.transaction((tx) => holdSlot(tx, { labId: lab.id, type: "walk_in", start: slotStartFor(inDays(3), "13:00") }))).rejects.toBeInstanceOf(
      SlotNotOfferedError,
    );
    const past = slotStartFor(inDays(-1), "09:00");
    await expect(db.transaction((tx) => holdSlot(tx, { labId: lab.id, type: "walk_in", start: past }))).rejects.toBeInstanceOf(SlotTooSoonError);
  });

  it("the next free slot of each lab skips full slots, and the clock can be moved forward in tests", async () => {
    const { lab } = await labWithOffer({ walkInCapacity: 1 });
    const other = await insertLab(db, { openingHours: null });
    const now = new Date(`${inDays(2)}T00:00:00Z`); // 04:00 in Abu Dhabi: first offerable slot is 08:00
    const first = slotStartFor(inDays(2), "08:00");
    expect((await nextFreeSlots({ walk_in: [lab.id, other.id] }, now)).walk_in.get(lab.id)).toEqual(first);
    await db.transaction((tx) => holdSlot(tx, { labId: lab.id, type: "walk_in", start: first }, { now }));
    const next = await nextFreeSlots({ walk_in: [lab.id, other.id], home: [lab.id] }, now);
    expect(next.walk_in.get(lab.id)).toEqual(slotStartFor(inDays(2), "08:30"));
    expect(next.walk_in.get(other.id)).toBeNull();
    // A full walk-in slot leaves the same time free for home collection.
    expect(next.home.get(lab.id)).toEqual(first);

    const before = getNow().getTime();
    setClockOffset(20 * 60_000);
    try {
      expect(getNow().getTime() - before).toBeGreaterThanOrEqual(20 * 60_000);
    } finally {
      setClockOffset(0);
    }
  });
});

describe("capacity under concurrency", () => {
  it("50 concurrent bookings of a slot with capacity 3: exactly 3 succeed, the others are told the slot was just taken", async () => {
    const { lab, test } = await labWithOffer({ walkInCapacity: 3 });
    // 50 customers, each at most one place of the slot (the per-account limit is 2 places).
    const customers = [];
    for (let i = 0; i < 50; i++) customers.push(await createAccount(db));
    const date = inDays(4);
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      customers.map((customer) => createBooking(customer.id, test.id, { ...patient(date, "10:00"), labId: lab.id })),
    );
    const elapsed = performance.now() - started;
    const succeeded = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(succeeded).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(SlotTakenError);
      expect((outcome.reason as Error).message).toBe(SLOT_TAKEN_MESSAGE);
    }
    const start = slotStartFor(date, "10:00");
    const [count] = await db
      .select()
      .from(slotCounts)
      .where(and(eq(slotCounts.labId, lab.id), eq(slotCounts.slotStart, start)));
    expect(count).toMatchObject({ capacity: 3, taken: 3 });
    expect(await db.select().from(bookings).where(eq(bookings.slotStart, start))).toHaveLength(3);
    // The figures of the closing note.
    process.stdout.write(`capacity test (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}): 50 bookings, ${succeeded.length} succeeded, ${refused.length} refused, ${elapsed.toFixed(0)} ms\n`);
  });

  it("cancelling a booking gives its slot back; an admin restoring it takes it again only while free", async () => {
    const { lab, test } = await labWithOffer({ walkInCapacity: 1 });
    const customer = await createAccount(db);
    const date = inDays(4);
    const booking = await createBooking(customer.id, test.id, { ...patient(date, "09:30"), labId: lab.id });
    await expect(createBooking(customer.id, test.id, { ...patient(date, "09:30"), labId: lab.id })).rejects.toBeInstanceOf(SlotTakenError);
    await db.transaction((tx) => transitionBooking(tx, booking.id, "cancelled", { kind: "customer", id: customer.id }));
    expect((await freeSlotsForDay(lab.id, "walk_in", date)).find((slot) => slot.time === "09:30")).toMatchObject({ taken: 0, status: "free" });
    const second = await createBooking(customer.id, test.id, { ...patient(date, "09:30"), labId: lab.id });
    expect(second.labId).toBe(lab.id);
    // The admin's status menu says why (not "This booking no longer exists", as it once did).
    expect(await setBookingStatus(booking.id, "confirmed")).toEqual({ status: "slot-taken" });
    expect(STATUS_CHANGE_REFUSALS["slot-taken"]).toEqual({
      httpStatus: 409,
      message: "Its time slot is full now. Move the booking to another time before restoring it.",
    });
    // Through the admin's bookings list: the same answer, again when the request is replayed, and a
    // forged id is refused before any change.
    const adminRequest = await signedInAs(await createAccount(db, { admin: true }));
    const restoreFromList = () =>
      routeOutcome(() => bookingsAction(routeArgs<Parameters<typeof bookingsAction>[0]>(adminRequest("/admin/bookings", { method: "POST", body: new URLSearchParams({ id: booking.id, status: "confirmed" }) }))));
    for (const attempt of [await restoreFromList(), await restoreFromList()]) {
      expect(attempt).toMatchObject({ status: 409, body: { ok: false, toast: { title: "Error updating status", description: STATUS_CHANGE_REFUSALS["slot-taken"].message } } });
    }
    const forged = await routeOutcome(() =>
      bookingsAction(routeArgs<Parameters<typeof bookingsAction>[0]>(adminRequest("/admin/bookings", { method: "POST", body: new URLSearchParams({ id: `${booking.id}\u0000`, status: "confirmed" }) }))),
    );
    expect(forged.status).toBe(400);
    const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe("cancelled");
  });
});
