import { describe, expect, it } from "vitest";
import { resultTimeHours } from "~/modules/catalog/result-time";

describe("resultTimeHours", () => {
  it("reads ranges by their longest time", () => {
    expect(resultTimeHours("24-48 hours")).toBe(48);
    expect(resultTimeHours("3-5 days")).toBe(120);
    expect(resultTimeHours("2 to 3 weeks")).toBe(504);
  });
  it("reads single values and same-day results", () => {
    expect(resultTimeHours("24 hours")).toBe(24);
    expect(resultTimeHours("Same day")).toBe(12);
  });
  it("gives null for missing or unreadable text", () => {
    expect(resultTimeHours(null)).toBeNull();
    expect(resultTimeHours("")).toBeNull();
    expect(resultTimeHours("ask the lab")).toBeNull();
  });
});
