const UNIT_HOURS: Record<string, number> = {
  minute: 1 / 60,
  hour: 1,
  day: 24,
  week: 24 * 7,
  month: 24 * 30,
};

/**
 * Turns a result-time text into hours for sorting by speed, using the longest time it states:
 * "24-48 hours" -> 48, "3-5 days" -> 120, "Same day" -> 12. Unknown text -> null.
 */
export function resultTimeHours(text: string | null | undefined): number | null {
  if (!text) return null;
  const value = text.toLowerCase();
  if (/same[- ]day/.test(value)) return 12;
  const match = value.match(/(\d+(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d+(?:\.\d+)?))?\s*(minute|hour|hr|day|week|month)/);
  if (!match) return null;
  const upper = Number(match[2] ?? match[1]);
  const unit = match[3] === "hr" ? "hour" : match[3];
  return Math.round(upper * UNIT_HOURS[unit]);
}
