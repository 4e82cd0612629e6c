// The admin's day view of a lab (/admin/labs/{labId}/day): each slot of one collection type with
// its booked, held and free counts and the bookings in it. Owner: "admin" (the rest of slots/ is
// the booking side's).
import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { bookings, labs, slotCounts, tests } from "~/db/schema";
import type { CollectionType } from "~/modules/slots/collection-types";
import { getNow } from "~/modules/slots/clock.server";
import { dubaiDateTime, slotSettings, slotStartFor, slotTimesForDay } from "~/modules/slots/schedule";
import { todayInDubai } from "~/utils/dubai-date";
import { nextDate } from "~/modules/slots/lab-day";

export type DayViewBooking = {
  id: string;
  status: (typeof bookings.$inferSelect)["status"];
  patientName: string;
  patientEmail: string;
  testName: string | null;
  testSlug: string | null;
  orderId: string | null;
  homeArea: string | null;
  /** Slot units the booking takes (its order line's quantity, else 1). */
  units: number;
};

export type DayViewSlot = {
  time: string;
  start: Date;
  capacity: number;
  /** Units held in slot_counts: bookings plus card orders still waiting for payment. */
  taken: number;
  /** Units of the bookings in the slot that are not cancelled. */
  booked: number;
  /** taken - booked: card payments holding a unit for up to 15 minutes. */
  held: number;
  free: number;
  /** Outside the lab's current hours (hours or slot length changed after it was taken). */
  offSchedule: boolean;
  bookings: DayViewBooking[];
};

/**
 * One lab's day: its slots of a collection type (from its hours, plus any slot that has a count or a
 * booking), each with capacity, booked, held and free counts and its bookings; and the bookings of
 * that day at this lab without a slot (made before labs had slots). Null for an unknown lab.
 * Three indexed reads: the lab, slot_counts by its key, bookings by bookings_lab_slot_idx.
 */
export async function labDay(labId: string, type: CollectionType, date: string = todayInDubai(getNow())) {
  if (!z.uuid().safeParse(labId).success) return null;
  const [lab] = await db.select().from(labs).where(eq(labs.id, labId));
  if (!lab) return null;
  const from = slotStartFor(date, "00:00");
  const to = slotStartFor(nextDate(date), "00:00");

  const [counts, dayBookings] = await Promise.all([
    db
      .select({ slotStart: slotCounts.slotStart, capacity: slotCounts.capacity, taken: slotCounts.taken })
      .from(slotCounts)
      .where(and(eq(slotCounts.labId, labId), eq(slotCounts.collectionType, type), gte(slotCounts.slotStart, from), lt(slotCounts.slotStart, to))),
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        patientName: bookings.patientName,
        patientEmail: bookings.patientEmail,
        testName: tests.name,
        testSlug: tests.slug,
        orderId: bookings.orderId,
        homeArea: bookings.homeArea,
        collectionType: bookings.collectionType,
        slotStart: bookings.slotStart,
        scheduledTime: bookings.scheduledTime,
        units: sql<number>`coalesce((select oi.quantity from order_items oi where oi.order_id = ${bookings.orderId} and oi.test_id = ${bookings.testId} and oi.kind = 'test' limit 1), 1)::int`,
      })
      .from(bookings)
      .leftJoin(tests, eq(tests.id, bookings.testId))
      .where(
        and(
          eq(bookings.labId, labId),
          or(and(gte(bookings.slotStart, from), lt(bookings.slotStart, to)), and(isNull(bookings.slotStart), eq(bookings.scheduledDate, date))),
        ),
      )
      .orderBy(asc(bookings.slotStart), asc(bookings.scheduledTime), asc(bookings.createdAt)),
  ]);

  const { capacity: labCapacity } = slotSettings(lab, type);
  const slots = new Map<number, DayViewSlot>();
  const slotAt = (start: Date) => {
    let slot = slots.get(start.getTime());
    if (!slot) {
      slot = { time: dubaiDateTime(start).time, start, capacity: labCapacity, taken: 0, booked: 0, held: 0, free: 0, offSchedule: false, bookings: [] };
      slots.set(start.getTime(), slot);
    }
    return slot;
  };
  for (const { start } of slotTimesForDay(lab, type, date)) slotAt(start);
  for (const count of counts) Object.assign(slotAt(count.slotStart), { capacity: count.capacity, taken: count.taken });
  const withoutSlot: DayViewBooking[] = [];
  for (const { collectionType, slotStart, scheduledTime: _time, ...booking } of dayBookings) {
    if (!slotStart) {
      if (type === "walk_in") withoutSlot.push(booking);
      continue;
    }
    if ((collectionType ?? "walk_in") !== type) continue;
    const slot = slotAt(slotStart);
    slot.bookings.push(booking);
    if (booking.status !== "cancelled") slot.booked += booking.units;
  }
  const scheduled = new Set(slotTimesForDay(lab, type, date).map((slot) => slot.start.getTime()));
  for (const slot of slots.values()) {
    slot.offSchedule = !scheduled.has(slot.start.getTime());
    slot.held = Math.max(slot.taken - slot.booked, 0);
    slot.free = Math.max(slot.capacity - slot.taken, 0);
  }
  const list = [...slots.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
  const totals = list.reduce(
    (sum, slot) => ({ capacity: sum.capacity + slot.capacity, booked: sum.booked + slot.booked, held: sum.held + slot.held, free: sum.free + slot.free }),
    { capacity: 0, booked: 0, held: 0, free: 0 },
  );
  return { lab, date, type, slots: list, totals, withoutSlot };
}
