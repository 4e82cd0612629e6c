// Asia/Dubai calendar days as yyyy-MM-dd strings (UTC+4 all year, no daylight saving), and the
// periods the admin's analytics are asked for. Client-safe.
import { DUBAI_OFFSET_MS, isCalendarDate, todayInDubai } from "~/utils/dubai-date";

const DAY_MS = 86_400_000;

/** The instant a Dubai day starts. */
export function dayStartUtc(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DUBAI_OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function nextDay(day: string): string {
  return addDays(day, 1);
}

/** Days from..to inclusive (1 for a single day). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day from..to inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const count = dayCount(from, to);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index));
}

/** Sorted days grouped into runs of consecutive days ([first, last] of each run). */
export function consecutiveRuns(days: readonly string[]): [string, string][] {
  const sorted = [...new Set(days)].sort();
  const runs: [string, string][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && nextDay(last[1]) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

export const periodNames = ["today", "7d", "30d", "month", "custom"] as const;
export type PeriodName = (typeof periodNames)[number];

export const PERIOD_LABELS: Record<PeriodName, string> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  month: "This month",
  custom: "Custom range",
};

/** The longest custom range (two years and a day), so one request cannot ask for centuries. */
export const MAX_PERIOD_DAYS = 732;

export type Period = { name: PeriodName; from: string; to: string };
export type ComparedPeriod = Period & { previous: { from: string; to: string } };

/**
 * The period asked for (`period`, and `from`/`to` for a custom range), with the period of the same
 * length just before it. Anything unreadable falls back to the last 7 days; a custom range is put
 * in order and cut to MAX_PERIOD_DAYS.
 */
export function resolvePeriod(params: URLSearchParams, now: Date = new Date()): ComparedPeriod {
  const today = todayInDubai(now);
  const asked = params.get("period");
  const name: PeriodName = (periodNames as readonly string[]).includes(asked ?? "") ? (asked as PeriodName) : "7d";
  let from: string;
  let to = today;
  if (name === "today") from = today;
  else if (name === "30d") from = addDays(today, -29);
  else if (name === "month") from = `${today.slice(0, 8)}01`;
  else if (name === "custom") {
    const a = params.get("from") ?? "";
    const b = params.get("to") ?? "";
    if (!isCalendarDate(a) || !isCalendarDate(b)) return resolvePeriod(new URLSearchParams({ period: "7d" }), now);
    [from, to] = a <= b ? [a, b] : [b, a];
    if (dayCount(from, to) > MAX_PERIOD_DAYS) from = addDays(to, -(MAX_PERIOD_DAYS - 1));
  } else from = addDays(today, -6);
  const length = dayCount(from, to);
  return { name, from, to, previous: { from: addDays(from, -length), to: addDays(from, -1) } };
}
