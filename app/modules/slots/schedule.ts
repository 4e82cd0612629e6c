import { DUBAI_OFFSET_MS } from "~/utils/dubai-date";
import { weekdays, type CollectionType, type OpeningHours } from "~/modules/slots/collection-types";

/** What a lab's slots are made from (client-safe: the booking form computes the same times). */
export type LabSchedule = {
  openingHours: OpeningHours | null;
  walkInSlotMinutes: number;
  walkInCapacity: number;
  homeSlotMinutes: number;
  homeCapacity: number;
  /** yyyy-MM-dd dates the lab is closed whatever its weekly hours (holidays such as Eid). */
  closedDates?: readonly string[];
};

export type SlotTime = { time: string; start: Date };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(time: string): number | null {
  if (time === "24:00") return 24 * 60;
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The slot length and capacity of one collection type. */
export function slotSettings(schedule: LabSchedule, type: CollectionType) {
  return type === "home"
    ? { minutes: schedule.homeSlotMinutes, capacity: schedule.homeCapacity }
    : { minutes: schedule.walkInSlotMinutes, capacity: schedule.walkInCapacity };
}

/** The weekday of a yyyy-MM-dd calendar date (the same everywhere: it is a date, not an instant). */
export function weekdayOf(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
}

/** An Asia/Dubai local date (yyyy-MM-dd) and time (HH:MM) as an instant. */
export function slotStartFor(date: string, time: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(Date.UTC(year, month - 1, day, hours, minutes) - DUBAI_OFFSET_MS);
}

/** An instant as its Asia/Dubai date and time, e.g. { date: "2026-11-24", time: "09:30" }. */
export function dubaiDateTime(instant: Date): { date: string; time: string } {
  const local = new Date(instant.getTime() + DUBAI_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * A lab's slots of one collection type on one Asia/Dubai day: from opening, one every slot length,
 * the last ending by closing. None on a closed weekday or closed date, without published hours, or
 * with capacity 0.
 */
export function slotTimesForDay(schedule: LabSchedule, type: CollectionType, date: string): SlotTime[] {
  const { minutes: length, capacity } = slotSettings(schedule, type);
  if (capacity <= 0 || length <= 0 || !schedule.openingHours || schedule.closedDates?.includes(date)) return [];
  const hours = schedule.openingHours[weekdayOf(date)];
  if (!hours) return [];
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  if (open === null || close === null) return [];
  const slots: SlotTime[] = [];
  // One offset all year (DUBAI_OFFSET_MS): the day's midnight plus the minutes is each slot's instant.
  const midnight = slotStartFor(date, "00:00").getTime();
  for (let start = open; start + length <= close; start += length) {
    slots.push({ time: timeOf(start), start: new Date(midnight + start * 60_000) });
  }
  return slots;
}

/** True when `time` is one of the lab's slot times of that type on that day. */
export function isSlotTime(schedule: LabSchedule, type: CollectionType, date: string, time: string): boolean {
  return slotTimesForDay(schedule, type, date).some((slot) => slot.time === time);
}
