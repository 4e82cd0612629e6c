import { and, eq, gte, inArray, lt, param, sql } from "drizzle-orm";
import type { Executor, Transaction } from "~/db/client.server";
import { isAnyOf, preparedQuery } from "~/db/db.server";
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

/** One lab-day asked for: a lab's slots of one collection type on one Asia/Dubai day. */
export type LabDay = { labId: string; type: CollectionType; date: string };

const labDayKey = ({ labId, type, date }: LabDay) => `${labId}|${type}|${date}`;

/**
 * The lab-days asked for with what is taken of each slot, in ONE statement however many there are:
 * the labs by their key, each with its slot_counts rows of the asked days (by the primary key:
 * lab, type, then the day's range). Checkout asks for every cart line's lab-day at once.
 */
const labDaysQuery = preparedQuery("lab_days", (database) =>
  database
    .select({
      id: labs.id,
      ...scheduleColumns,
      counts: sql<{ type: CollectionType; start: string; capacity: number; taken: number }[]>`coalesce((
        select json_agg(json_build_object('type', ${slotCounts.collectionType}, 'start', ${slotCounts.slotStart}, 'capacity', ${slotCounts.capacity}, 'taken', ${slotCounts.taken}))
        from unnest(${sql.placeholder("dayLabIds")}::uuid[], ${sql.placeholder("dayTypes")}::text[], ${sql.placeholder("dayStarts")}::timestamptz[]) as asked(asked_lab_id, asked_type, day_start)
        join ${slotCounts} on ${slotCounts.labId} = asked.asked_lab_id and ${slotCounts.collectionType} = asked.asked_type
          and ${slotCounts.slotStart} >= asked.day_start and ${slotCounts.slotStart} < asked.day_start + interval '1 day'
        where asked.asked_lab_id = ${labs.id}
      ), '[]'::json)`,
    })
    .from(labs)
    .where(isAnyOf(labs.id, "labIds", "uuid")),
);

/**
 * The slots of several lab-days at once (see labDaysQuery), as `slotsOf(labDay)` gives them: empty
 * for an unknown or inactive lab, a closed day, or a type the lab does not offer.
 */
export async function freeSlotsOfLabDays(asked: LabDay[], now: Date = getNow()): Promise<(day: LabDay) => DaySlot[]> {
  const days = [...new Map(asked.map((day) => [labDayKey(day), day])).values()];
  const rows =
    days.length === 0
      ? []
      : await labDaysQuery().execute({
          labIds: [...new Set(days.map((day) => day.labId))],
          dayLabIds: days.map((day) => day.labId),
          dayTypes: days.map((day) => day.type),
          dayStarts: days.map((day) => dayBounds(day.date).start.toISOString()),
        });
  const labsById = new Map(rows.map((row) => [row.id, row]));
  const earliest = earliestOfferableStart(now).getTime();
  const slots = new Map<string, DaySlot[]>();
  for (const day of days) {
    const lab = labsById.get(day.labId);
    if (!lab) continue;
    const schedule = labScheduleOf(lab);
    const counts = new Map(lab.counts.filter((count) => count.type === day.type).map((count) => [new Date(count.start).getTime(), count]));
    const { capacity: labCapacity } = slotSettings(schedule, day.type);
    slots.set(
      labDayKey(day),
      slotTimesForDay(schedule, day.type, day.date).map(({ time, start: slotStart }) => {
        const count = counts.get(slotStart.getTime());
        const capacity = count?.capacity ?? labCapacity;
        const taken = count?.taken ?? 0;
        const free = Math.max(capacity - taken, 0);
        const status = slotStart.getTime() < earliest ? "too-soon" : free <= 0 ? "full" : "free";
        return { time, start: slotStart, capacity, taken, free, status };
      }),
    );
  }
  return (day) => slots.get(labDayKey(day)) ?? [];
}

/** A lab's slots of one collection type on one Asia/Dubai day, with what is taken of each (one statement). */
export async function freeSlotsForDay(labId: string, type: CollectionType, date: string, now: Date = getNow()): Promise<DaySlot[]> {
  const day = { labId, type, date };
  return (await freeSlotsOfLabDays([day], now))(day);
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

/** Why a slot cannot be held: full, not one of the lab's times of that type that day, or too soon. */
export type SlotRefusal = "full" | "not-offered" | "too-soon";

/**
 * Holds several slots in the caller's transaction, in a fixed number of statements however many
 * there are (a cart's lines, issue 25): the labs' schedules; each slot must be one of its lab's
 * times of that type on its day and, unless checkLeadTime is false (a late card payment
 * re-holding the slots it paid for), at least 2 hours ahead. Then the units asked of each slot
 * are added up, the missing count rows created with the lab's capacity (ON CONFLICT DO NOTHING),
 * the rows locked in one order (lab, type, start: two orders never wait on each other crosswise),
 * and one conditional write takes `taken + units` only where that stays within capacity (the
 * CHECK on slot_counts backs it). Returns the first slot refused (by its index in `refs`) and
 * why, or null when all are held. On a refusal some slots may be held already: the caller's
 * transaction (or savepoint) must be rolled back.
 */
export async function holdSlots(
  tx: Transaction,
  refs: SlotRef[],
  { checkLeadTime = true, now = getNow() }: { checkLeadTime?: boolean; now?: Date } = {},
): Promise<{ index: number; reason: SlotRefusal } | null> {
  if (refs.length === 0) return null;
  for (const { units = 1 } of refs) if (!Number.isInteger(units) || units < 1) throw new RangeError("units must be a positive integer");
  // Shared: holds take turns with a change of the lab's schedule (partner portal, lab profile), so
  // no booking slips into a slot that is being closed.
  const labRows = await tx
    .select({ id: labs.id, ...scheduleColumns })
    .from(labs)
    .where(inArray(labs.id, [...new Set(refs.map((ref) => ref.labId))]))
    .orderBy(labs.id)
    .for("share");
  const schedules = new Map(labRows.map((lab) => [lab.id, labScheduleOf(lab)]));
  const earliest = earliestOfferableStart(now);
  type Wanted = { labId: string; type: CollectionType; start: Date; units: number; capacity: number; first: number };
  const wanted = new Map<string, Wanted>();
  for (const [index, { labId, type, start, units = 1 }] of refs.entries()) {
    const schedule = schedules.get(labId);
    const { date } = dubaiDateTime(start);
    if (!schedule || !slotTimesForDay(schedule, type, date).some((slot) => slot.start.getTime() === start.getTime())) {
      return { index, reason: "not-offered" };
    }
    if (checkLeadTime && start < earliest) return { index, reason: "too-soon" };
    const key = `${labId}|${type}|${start.toISOString()}`;
    const seen = wanted.get(key);
    if (seen) seen.units += units;
    else wanted.set(key, { labId, type, start, units, capacity: slotSettings(schedule, type).capacity, first: index });
  }
  const slots = [...wanted.values()].sort(
    (a, b) => a.labId.localeCompare(b.labId) || a.type.localeCompare(b.type) || a.start.getTime() - b.start.getTime(),
  );
  const asked = sql`unnest(${param(slots.map((slot) => slot.labId))}::uuid[], ${param(slots.map((slot) => slot.type))}::text[],
    ${param(slots.map((slot) => slot.start.toISOString()))}::timestamptz[], ${param(slots.map((slot) => slot.units))}::int[]) as asked(lab_id, type, start, units)`;
  await tx
    .insert(slotCounts)
    .values(slots.map((slot) => ({ labId: slot.labId, collectionType: slot.type, slotStart: slot.start, capacity: slot.capacity, taken: 0 })))
    .onConflictDoNothing();
  await tx.execute(sql`
    select 1 from ${slotCounts}
    where (${slotCounts.labId}, ${slotCounts.collectionType}, ${slotCounts.slotStart}) in (select lab_id, type, start from ${asked})
    order by ${slotCounts.labId}, ${slotCounts.collectionType}, ${slotCounts.slotStart}
    for update`);
  const held = await tx.execute<{ lab_id: string; collection_type: string; slot_start: string | Date }>(sql`
    update ${slotCounts} set taken = ${slotCounts.taken} + asked.units, updated_at = now()
    from ${asked}
    where ${slotCounts.labId} = asked.lab_id and ${slotCounts.collectionType} = asked.type and ${slotCounts.slotStart} = asked.start
      and ${slotCounts.taken} + asked.units <= ${slotCounts.capacity}
    returning ${slotCounts.labId}, ${slotCounts.collectionType}, ${slotCounts.slotStart}`);
  const heldKeys = new Set(held.rows.map((row) => `${row.lab_id}|${row.collection_type}|${new Date(row.slot_start).toISOString()}`));
  const full = slots.find((slot) => !heldKeys.has(`${slot.labId}|${slot.type}|${slot.start.toISOString()}`));
  return full ? { index: full.first, reason: "full" } : null;
}

/**
 * Holds `units` (default 1) of one lab's slot in the caller's transaction (holdSlots with one
 * slot). Returns false when the slot is full (nothing was taken). Throws SlotNotOfferedError when
 * `start` is not one of the lab's slots of that type on its day, SlotTooSoonError when it is past
 * or less than 2 hours ahead (unless checkLeadTime is false).
 */
export async function holdSlot(tx: Transaction, ref: SlotRef, options: { checkLeadTime?: boolean; now?: Date } = {}): Promise<boolean> {
  const refused = await holdSlots(tx, [ref], options);
  if (refused?.reason === "not-offered") throw new SlotNotOfferedError();
  if (refused?.reason === "too-soon") throw new SlotTooSoonError();
  return refused === null;
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
