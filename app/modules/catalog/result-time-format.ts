// The one way a result time in hours is put into words (issue 26): hours up to 72, then whole
// days rounded up (never promising a result sooner than the lab does); a range across labs in
// one unit ("12-36 hours", "2-5 days"). Every screen and e-mail takes its words from here.

/** Up to this many hours a result time is said in hours; above it, in days. */
export const MOST_HOURS_IN_HOURS = 72;

/** A result time ready to be put into words: one value or a range, in hours or in days. */
export type ResultTimeWords = { unit: "hours" | "days"; from: number; to: number };

const daysOf = (hours: number) => Math.max(1, Math.ceil(hours / 24));

/** One lab's result time (from = to), or the range from the fastest to the slowest. */
export function resultTimeWords(fromHours: number, toHours: number = fromHours): ResultTimeWords {
  const [low, high] = fromHours <= toHours ? [fromHours, toHours] : [toHours, fromHours];
  if (high <= MOST_HOURS_IN_HOURS) return { unit: "hours", from: low, to: high };
  return { unit: "days", from: daysOf(low), to: daysOf(high) };
}

/** The range across the labs offering a test (those that gave a time), or null when none did. */
export function resultTimeRange(hours: readonly (number | null)[]): ResultTimeWords | null {
  const stated = hours.filter((value): value is number => value !== null && value > 0);
  if (stated.length === 0) return null;
  return resultTimeWords(Math.min(...stated), Math.max(...stated));
}

/** "6 hours", "1 hour", "12-36 hours", "4 days", "2-5 days", in English. */
export function englishResultTime(words: ResultTimeWords): string {
  if (words.from === words.to) {
    const singular = words.unit === "hours" ? "hour" : "day";
    return `${words.from} ${words.from === 1 ? singular : words.unit}`;
  }
  return `${words.from}-${words.to} ${words.unit}`;
}
