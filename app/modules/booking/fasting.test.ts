import { describe, expect, it } from "vitest";
import { needsFasting, slotsForFasting } from "~/modules/booking/fasting";

describe("fasting tests", () => {
  it("are told by their preparation", () => {
    expect(needsFasting("Fast for 10-12 hours before your sample is taken. Plain water is allowed.")).toBe(true);
    expect(needsFasting("Fast for at least 8 hours before the test")).toBe(true);
    expect(needsFasting("No fasting is needed and your usual medicines do not affect the result")).toBe(false);
    expect(needsFasting(null)).toBe(false);
  });

  it("offer their morning slots first, each group in time order", () => {
    const slots = ["08:00", "09:30", "11:00", "12:30", "10:30"].sort().map((time) => ({ time, status: "free" as const, free: 2 }));
    expect(slotsForFasting(slots, true).map((slot) => slot.time)).toEqual(["08:00", "09:30", "10:30", "11:00", "12:30"]);
    const late = [{ time: "07:00", status: "free" as const, free: 1 }, { time: "14:00", status: "free" as const, free: 1 }, { time: "09:00", status: "full" as const, free: 0 }];
    expect(slotsForFasting(late, true).map((slot) => slot.time)).toEqual(["07:00", "09:00", "14:00"]);
    expect(slotsForFasting(late, false)).toBe(late);
  });
});
