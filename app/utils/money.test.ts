import { describe, expect, it } from "vitest";
import { aedToFils, formatAed } from "~/utils/money";

describe("formatAed", () => {
  it("shows AED with two decimals and thousands separators", () => {
    expect(formatAed(123450)).toBe("AED 1,234.50");
    expect(formatAed(8900)).toBe("AED 89.00");
    expect(formatAed(0)).toBe("AED 0.00");
  });
});

describe("aedToFils", () => {
  it("rounds to whole fils without floating-point drift", () => {
    expect(aedToFils(149.5)).toBe(14950);
    expect(aedToFils(0.1 + 0.2)).toBe(30);
    expect(aedToFils(1299.99)).toBe(129999);
  });
});
