import { describe, expect, it } from "vitest";
import { englishResultTime, resultTimeRange, resultTimeWords } from "~/modules/catalog/result-time-format";
import { formatResultHours } from "~/modules/catalog/lab-comparison";

const words = (from: number, to?: number) => englishResultTime(resultTimeWords(from, to));

describe("a result time in words", () => {
  it("is said in hours up to 72 hours, then in whole days rounded up: never '756 hours'", () => {
    expect(words(1)).toBe("1 hour");
    expect(words(6)).toBe("6 hours");
    expect(words(48)).toBe("48 hours");
    expect(words(72)).toBe("72 hours");
    expect(words(96)).toBe("4 days");
    expect(words(100)).toBe("5 days");
    expect(words(756)).toBe("32 days");
    expect(words(504)).toBe("21 days");
    expect(formatResultHours(756)).toBe("32 days");
    expect(formatResultHours(null)).toBe("Not stated");
  });

  it("gives the range across a test's labs in one unit", () => {
    expect(englishResultTime(resultTimeRange([24, 12, 36, null])!)).toBe("12-36 hours");
    expect(englishResultTime(resultTimeRange([24, 24])!)).toBe("24 hours");
    expect(englishResultTime(resultTimeRange([48, 120])!)).toBe("2-5 days");
    expect(englishResultTime(resultTimeRange([504, 756])!)).toBe("21-32 days");
    expect(resultTimeRange([null])).toBeNull();
    expect(resultTimeRange([])).toBeNull();
  });
});
