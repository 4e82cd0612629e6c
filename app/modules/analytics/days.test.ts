import { describe, expect, it } from "vitest";
import { consecutiveRuns, dayStartUtc, resolvePeriod } from "~/modules/analytics/days";
import { change } from "~/modules/analytics/analytics-panel";

// 2026-11-27 01:30 in Abu Dhabi is still 2026-11-26 in UTC.
const now = new Date("2026-11-26T21:30:00Z");
const period = (params: Record<string, string>) => resolvePeriod(new URLSearchParams(params), now);

describe("analytics periods (Asia/Dubai days)", () => {
  it("counts today, 7 and 30 days and this month in Abu Dhabi's calendar, each against the period just before", () => {
    expect(period({ period: "today" })).toMatchObject({ from: "2026-11-27", to: "2026-11-27", previous: { from: "2026-11-26", to: "2026-11-26" } });
    expect(period({ period: "7d" })).toMatchObject({ from: "2026-11-21", to: "2026-11-27", previous: { from: "2026-11-14", to: "2026-11-20" } });
    expect(period({ period: "30d" })).toMatchObject({ from: "2026-10-29", previous: { to: "2026-10-28" } });
    expect(period({ period: "month" })).toMatchObject({ from: "2026-11-01", to: "2026-11-27", previous: { from: "2026-10-05", to: "2026-10-31" } });
  });

  it("puts a custom range in order, cuts it to two years, and falls back to 7 days on anything unreadable", () => {
    expect(period({ period: "custom", from: "2026-01-10", to: "2026-01-01" })).toMatchObject({ name: "custom", from: "2026-01-01", to: "2026-01-10", previous: { from: "2025-12-22", to: "2025-12-31" } });
    expect(period({ period: "custom", from: "1990-01-01", to: "2026-01-01" }).from).toBe("2024-01-01");
    expect(period({ period: "custom", from: "2026-02-30", to: "2026-03-01" })).toMatchObject({ name: "7d", from: "2026-11-21" });
    expect(period({ period: "decade" }).name).toBe("7d");
  });

  it("starts a Dubai day at 20:00 UTC the evening before, and groups days into runs", () => {
    expect(dayStartUtc("2026-11-27").toISOString()).toBe("2026-11-26T20:00:00.000Z");
    expect(consecutiveRuns(["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-05", "2026-01-05"])).toEqual([
      ["2026-01-01", "2026-01-03"],
      ["2026-01-05", "2026-01-05"],
    ]);
  });

  it("says how a figure changed from the period before", () => {
    expect(change(110, 100)).toBe("+10 %");
    expect(change(50, 100)).toBe("−50 %");
    expect(change(5, 0)).toBe("new");
    expect(change(0, 0)).toBe("");
  });
});
