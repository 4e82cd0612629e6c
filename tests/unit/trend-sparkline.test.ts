import { describe, expect, it } from "vitest";
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparkline } from "~/modules/results/trend-sparkline";

const point = (date: string, value: number, low: number | null = 4, high: number | null = 5.6) => ({ time: Date.parse(date), value, low, high });

describe("a trend's sparkline", () => {
  it("runs from the oldest value at the left to the latest at the right, spaced by time, inside the box", () => {
    const line = sparkline([point("2026-01-01", 5), point("2026-01-11", 7), point("2026-03-01", 6)]);
    const coordinates = line.points.split(" ").map((pair) => pair.split(",").map(Number));
    expect(coordinates.map(([x]) => x)).toEqual([3, 3 + (114 * 10) / 59, 117].map((x) => Math.round(x * 10) / 10));
    for (const [x, y] of coordinates) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(SPARKLINE_WIDTH);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(SPARKLINE_HEIGHT);
    }
    // Higher values sit higher (a smaller y); the last point is marked.
    expect(coordinates[1][1]).toBeLessThan(coordinates[2][1]);
    expect(coordinates[2][1]).toBeLessThan(coordinates[0][1]);
    expect(line.last).toEqual({ x: coordinates[2][0], y: coordinates[2][1] });
  });

  it("shades the latest reference range, and keeps a value far above it in view", () => {
    const line = sparkline([point("2026-01-01", 5), point("2026-02-01", 12)]);
    expect(line.band).not.toBeNull();
    const [high, low] = [line.band!.y, line.band!.y + line.band!.height];
    const [, latest] = line.points.split(" ").map((pair) => Number(pair.split(",")[1]));
    expect(latest).toBeLessThan(high); // above the range
    expect(low).toBeLessThanOrEqual(SPARKLINE_HEIGHT);
  });

  it("draws no band without both ends of a range, and a flat line for equal values on one day", () => {
    const line = sparkline([point("2026-01-01", 5, null, 5.6), point("2026-01-01", 5, null, 5.6)]);
    expect(line.band).toBeNull();
    const ys = line.points.split(" ").map((pair) => Number(pair.split(",")[1]));
    expect(new Set(ys).size).toBe(1);
    expect(line.points.split(" ").map((pair) => Number(pair.split(",")[0]))).toEqual([3, 117]);
  });
});
