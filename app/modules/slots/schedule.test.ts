import { describe, expect, it } from "vitest";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { dubaiDateTime, isSlotTime, slotStartFor, slotTimesForDay, weekdayOf, type LabSchedule } from "~/modules/slots/schedule";

const hours = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const schedule = (input: Partial<LabSchedule> = {}): LabSchedule => ({
  openingHours: hours("07:00", "09:00"),
  walkInSlotMinutes: 25,
  walkInCapacity: 4,
  homeSlotMinutes: 60,
  homeCapacity: 2,
  ...input,
});

describe("a lab's slot times", () => {
  it("step by the slot length from opening, the last one ending by closing", () => {
    expect(slotTimesForDay(schedule(), "walk_in", "2026-12-01").map((slot) => slot.time)).toEqual(["07:00", "07:25", "07:50", "08:15"]);
    expect(slotTimesForDay(schedule(), "home", "2026-12-01").map((slot) => slot.time)).toEqual(["07:00", "08:00"]);
  });

  it("are Asia/Dubai local times (UTC+4)", () => {
    expect(slotStartFor("2026-12-01", "07:00").toISOString()).toBe("2026-12-01T03:00:00.000Z");
    expect(slotStartFor("2026-12-02", "02:30").toISOString()).toBe("2026-12-01T22:30:00.000Z");
    expect(dubaiDateTime(new Date("2026-12-01T22:30:00Z"))).toEqual({ date: "2026-12-02", time: "02:30" });
  });

  it("none on a closed day, without published hours, or with capacity 0; a 24-hour lab runs to midnight", () => {
    // 2026-12-04 is a Friday.
    expect(weekdayOf("2026-12-04")).toBe("fri");
    expect(slotTimesForDay(schedule({ openingHours: { ...hours("07:00", "09:00"), fri: null } }), "walk_in", "2026-12-04")).toEqual([]);
    expect(slotTimesForDay(schedule({ openingHours: null }), "walk_in", "2026-12-04")).toEqual([]);
    expect(slotTimesForDay(schedule({ homeCapacity: 0 }), "home", "2026-12-04")).toEqual([]);
    const allDay = slotTimesForDay(schedule({ openingHours: hours("00:00", "24:00") }), "home", "2026-12-04");
    expect(allDay).toHaveLength(24);
    expect(allDay.at(-1)?.time).toBe("23:00");
  });

  it("tells whether a typed time is one of the slots", () => {
    expect(isSlotTime(schedule(), "walk_in", "2026-12-01", "07:25")).toBe(true);
    expect(isSlotTime(schedule(), "walk_in", "2026-12-01", "07:30")).toBe(false);
  });
});
