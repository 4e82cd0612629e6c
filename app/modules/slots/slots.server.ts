import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Executor, Transaction } from "~/db/client.server";
import { db, isAnyOf, preparedQuery } from "~/db/db.server";
import { labs, slotCounts } from "~/db/schema";
import { getNow } from "~/modules/slots/clock.server";
import { MIN_SLOT_LEAD_MINUTES, type CollectionType } from "~/modules/slots/collection-types";
import { dubaiDateTime, slotSettings, slotTimesForDay, type LabSchedule } from "~/modules/slots/schedule";
import { todayInDubai } from "~/utils/dubai-date";

/** One slot of a lab-day as the booking form shows it. too-soon: past or less than 2 hours ahead (not offered). */
export type DaySlot = {
  time: string;
  start: Date;
  capacity: number;
  taken: number;
  free: number;
  status: "free" | "full" | "too-soon";
};

/** How far ahead the product page's "next free slot" looks. */
export const NEXT_FREE_SLOT_DAYS = 14;

/** The time posted is not one of the lab's slots of that type on that day. */
export class SlotNotOfferedError extends Error {
  constructor(message = "Please choose one of the lab's time slots") {
    super(message);
  }
}

/** The slot is in the past or starts less than 2 hours from now. */
export class SlotTooSoonError extends Error {
  constructor(message = "Please choose a time at least 2 hours from now") {
    super(message);
  }
}

const scheduleColumns = {
  isActive: labs.isActive,
  openingHours: labs.openingHours,
  walkInSlotMinutes: labs.walkInSlotMinutes,
  walkInCapacity: labs.walkInCapacity,
  homeSlotMinutes: labs.homeSlotMinutes,
  homeCapacity: labs.homeCapacity,
  homeCollectionFeeFils: labs.homeCollectionFeeFils,
  closedDates: labs.closedDates,
};

type ScheduleRow = {
  isActive: boolean;
  openingHours: LabSchedule["openingHours"];
  walkInSlotMinutes: number;
  walkInCapacity: number;
  homeSlotMinutes: number;
  homeCapacity: number;
  homeCollectionFeeFils: number | null;
  closedDates: string[];
};

/** A lab's schedule as slots see it: an inactive lab has none, a lab without a home-collection fee no home slots. */
export function labScheduleOf(row: ScheduleRow): LabSchedule {
  return {
    openingHours: row.isActive ? row.openingHours : null,
    walkInSlotMinutes: row.walkInSlotMinutes,
    walkInCapacity: row.walkInCapacity,
    homeSlotMinutes: row.homeSlotMinutes,
    homeCapacity: row.homeCollectionFeeFils === null ? 0 : row.homeCapacity,
    closedDates: row.closedDates,
  };
}

/** The first instant a slot may start at and still be offered. */
export function earliestOfferableStart(now: Date = getNow()): Date {
  return new Date(now.getTime() + MIN_SLOT_LEAD_MINUTES * 60_000);
}

function dayBounds(date: string) {
  // Asia/Dubai has no daylight saving: a local day is 24 hours from its midnight.
  const start = new Date(`${date}T00:00:00+04:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

function addDays(date: string, days: number) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * A lab's slots of one collection type on one Asia/Dubai day, with what is taken of each: one
 * query (the lab row by its key, its slot_counts of the day by their primary key's prefix).
 * Empty for an unknown or inactive lab, a closed day, or a type the lab does not offer.
 */
export async function freeSlotsForDay(labId: string, type: CollectionType, date: string, now: Date = getNow()): Promise<DaySlot[]> {
  const { start, end } = dayBounds(date);
  const [lab] = await db
    .select({
      ...scheduleColumns,
      counts: sql<{ start: string; capacity: number; taken: number }[]>`coalesce((
        select json_agg(json_build_object('start', ${slotCounts.slotStart}, 'capacity', ${slotCounts.capacity}, 'taken', ${slotCounts.taken}))
        from ${slotCounts}
        where ${slotCounts.labId} = ${labs.id} and ${slotCounts.collectionType} = ${type}
          and ${slotCounts.slotStart} >= ${start.toISOString()} and ${slotCounts.slotStart} < ${end.toISOString()}
      ), '[]'::json)`,
    })
    .from(labs)
    .where(eq(labs.id, labId));
  if (!lab) return [];
  const counts = new Map(lab.counts.map((count) => [new Date(count.start).getTime(), count]));
  const { capacity: labCapacity } = slotSettings(labScheduleOf(lab), type);
  const earliest = earliestOfferableStart(now).getTime();
  return slotTimesForDay(labScheduleOf(lab), type, date).map(({ time, start: slotStart }) => {
    const count = counts.get(slotStart.getTime());
    const capacity = count?.capacity ?? labCapacity;
    const taken = count?.taken ?? 0;
    const free = Math.max(capacity - taken, 0);
    const status = slotStart.getTime() < earliest ? "too-soon" : free <= 0 ? "full" : "free";
    return { time, start: slotStart, capacity, taken, free, status };
  });
}

const labSchedules = preparedQuery("lab_schedules", (database) =>
  database
    .select({ id: labs.id, ...scheduleColumns })
    .from(labs)
    .where(isAnyOf(labs.id, "labIds", "uuid")),
);

const fullSlots = preparedQuery("full_slots", (database) =>
  database
    .select({ labId: slotCounts.labId, type: slotCounts.collectionType, slotStart: slotCounts.slotStart })
    .from(slotCounts)
    .where(
      and(
        isAnyOf(slotCounts.labId, "labIds", "uuid"),
        isAnyOf(slotCounts.collectionType, "types", "text"),
        gte(slotCounts.slotStart, sql.placeholder("from")),
        lt(slotCounts.slotStart, sql.placeholder("until")),
        sql`${slotCounts.taken} >= ${slotCounts.capacity}`,
      ),
    ),
);

/**
 * The next offerable free slot of each lab within NEXT_FREE_SLOT_DAYS, per collection type asked
 * (null when none): two queries whatever the number of labs (their schedules, their full slots in
 * the window); the rest is computed from the schedules.
 */
export async function nextFreeSlots(
  labIdsByType: Partial<Record<CollectionType, string[]>>,
  now: Date = getNow(),
): Promise<Record<CollectionType, Map<string, Date | null>>> {
  const result: Record<CollectionType, Map<string, Date | null>> = { walk_in: new Map(), home: new Map() };
  const asked = (Object.entries(labIdsByType) as [CollectionType, string[]][]).filter(([, ids]) => ids.length > 0);
  if (asked.length === 0) return result;
  const labIds = [...new Set(asked.flatMap(([, ids]) => ids))];
  const earliest = earliestOfferableStart(now);
  const firstDay = todayInDubai(earliest);
  const windowEnd = dayBounds(addDays(todayInDubai(now), NEXT_FREE_SLOT_DAYS)).end;
  const [labRows, fullRows] = await Promise.all([
    labSchedules().execute({ labIds }),
    fullSlots().execute({ labIds, types: asked.map(([type]) => type), from: earliest, until: windowEnd }),
  ]);
  const full = new Set(fullRows.map((row) => `${row.labId}|${row.type}|${row.slotStart.getTime()}`));
  const schedules = new Map(labRows.map((lab) => [lab.id, labScheduleOf(lab)]));
  for (const [type, ids] of asked) {
    for (const labId of ids) {
      const schedule = schedules.get(labId);
      let found: Date | null = null;
      for (let date = firstDay; schedule && !found && dayBounds(date).start < windowEnd; date = addDays(date, 1)) {
        for (const slot of slotTimesForDay(schedule, type, date)) {
          if (slot.start < earliest || full.has(`${labId}|${type}|${slot.start.getTime()}`)) continue;
          found = slot.start;
          break;
        }
      }
      result[type].set(labId, found);
    }
  }
  return result;
}

export type SlotRef = { labId: string; type: CollectionType; start: Date; units?: number };

/**
 * Holds `units` (default 1) of a lab's slot in the caller's transaction. The hold itself is one
 * conditional write: the slot's count row is created with the lab's capacity when missing (ON
 * CONFLICT DO NOTHING), then `taken = taken + units` only where that stays within capacity.
 * Returns false when the slot is full. Throws SlotNotOfferedError when `start` is not one of
 * the lab's slots of that type on its day, SlotTooSoonError when it is past or less than 2 hours
 * ahead (unless checkLeadTime is false: a late card payment re-holding the slot it paid for).
 */
export async function holdSlot(
  tx: Transaction,
  { labId, type, start, units = 1 }: SlotRef,
  { checkLeadTime = true, now = getNow() }: { checkLeadTime?: boolean; now?: Date } = {},
): Promise<boolean> {
  if (!Number.isInteger(units) || units < 1) throw new RangeError("units must be a positive integer");
  // Shared: holds take turns with a change of the lab's schedule (partner portal, lab profile), so
  // no booking slips into a slot that is being closed.
  const [lab] = await tx.select(scheduleColumns).from(labs).where(eq(labs.id, labId)).for("share");
  if (!lab) throw new SlotNotOfferedError();
  const schedule = labScheduleOf(lab);
  const { date } = dubaiDateTime(start);
  if (!slotTimesForDay(schedule, type, date).some((slot) => slot.start.getTime() === start.getTime())) throw new SlotNotOfferedError();
  if (checkLeadTime && start < earliestOfferableStart(now)) throw new SlotTooSoonError();
  return takeUnits(tx, { labId, type, start, units }, slotSettings(schedule, type).capacity);
}

/** The conditional write of a hold (no schedule checks): used by holdSlot and to re-hold a booking's slot. */
async function takeUnits(tx: Executor, { labId, type, start, units = 1 }: SlotRef, capacity: number): Promise<boolean> {
  await tx.insert(slotCounts).values({ labId, collectionType: type, slotStart: start, capacity, taken: 0 }).onConflictDoNothing();
  const held = await tx
    .update(slotCounts)
    .set({ taken: sql`${slotCounts.taken} + ${units}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(slotCounts.labId, labId),
        eq(slotCounts.collectionType, type),
        eq(slotCounts.slotStart, start),
        sql`${slotCounts.taken} + ${units} <= ${slotCounts.capacity}`,
      ),
    )
    .returning({ taken: slotCounts.taken });
  return held.length > 0;
}

/**
 * Takes `units` of a slot again without checking the lab's current schedule or the lead time
 * (a cancelled booking restored by an admin keeps its original slot). False when it is full.
 */
export async function reholdSlot(tx: Transaction, ref: SlotRef): Promise<boolean> {
  const [lab] = await tx.select(scheduleColumns).from(labs).where(eq(labs.id, ref.labId));
  if (!lab) return false;
  return takeUnits(tx, ref, Math.max(slotSettings(labScheduleOf(lab), ref.type).capacity, ref.units ?? 1));
}

/** Gives back `units` (default 1) of a slot in the caller's transaction (never below zero). */
export async function releaseSlot(tx: Transaction, { labId, type, start, units = 1 }: SlotRef): Promise<void> {
  await tx
    .update(slotCounts)
    .set({ taken: sql`greatest(${slotCounts.taken} - ${units}, 0)`, updatedAt: sql`now()` })
    .where(and(eq(slotCounts.labId, labId), eq(slotCounts.collectionType, type), eq(slotCounts.slotStart, start)));
}
