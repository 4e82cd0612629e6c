// The small line a trends overview draws for each analyte: its values over time and the reference
// range as a band, as SVG coordinates worked out on the server (the page sends a few numbers per
// analyte, not its whole series, and needs no charting library).

export const SPARKLINE_WIDTH = 120;
export const SPARKLINE_HEIGHT = 36;
const PAD = 3;

/** `time`: the point's instant in milliseconds since the epoch. */
export type SparklinePoint = { time: number; value: number; low: number | null; high: number | null };
/** `points`: an SVG polyline's points; `band`: the latest point's reference range, when it has both ends. */
export type Sparkline = { points: string; last: { x: number; y: number }; band: { y: number; height: number } | null };

const round = (n: number) => Math.round(n * 10) / 10;

/** Oldest point first; at least one point. Time runs left to right (the view mirrors it for Arabic). */
export function sparkline(points: SparklinePoint[]): Sparkline {
  const latest = points[points.length - 1];
  const range = latest.low !== null && latest.high !== null ? { low: latest.low, high: latest.high } : null;
  const values = points.map((point) => point.value);
  let min = Math.min(...values, ...(range ? [range.low] : []));
  let max = Math.max(...values, ...(range ? [range.high] : []));
  if (min === max) [min, max] = [min - 1, max + 1];
  const first = points[0].time;
  const span = latest.time - first;
  const x = (index: number) =>
    round(PAD + (SPARKLINE_WIDTH - 2 * PAD) * (span > 0 ? (points[index].time - first) / span : points.length > 1 ? index / (points.length - 1) : 0.5));
  const y = (value: number) => round(PAD + (SPARKLINE_HEIGHT - 2 * PAD) * (1 - (value - min) / (max - min)));
  const coordinates = points.map((point, index) => ({ x: x(index), y: y(point.value) }));
  return {
    points: coordinates.map(({ x, y }) => `${x},${y}`).join(" "),
    last: coordinates[coordinates.length - 1],
    band: range ? { y: y(range.high), height: round(y(range.low) - y(range.high)) } : null,
  };
}
