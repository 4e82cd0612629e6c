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

const RESULT_TIME_TEXT = /^(\d+(?:\s*[-–]\s*\d+)?)\s*(hour|day|week)s?$/i;

/**
 * A result time's words in the page's language when it has the usual shape ("24-48 hours",
 * "3-5 days", "Same day"); anything else stays as written (and is marked English by the caller).
 */
export function resultTimeParts(text: string): { range: string; unit: "hours" | "days" | "weeks" } | "same-day" | null {
  if (/^same[- ]day$/i.test(text.trim())) return "same-day";
  const match = text.trim().match(RESULT_TIME_TEXT);
  if (!match) return null;
  return { range: match[1].replace(/\s+/g, ""), unit: `${match[2].toLowerCase()}s` as "hours" | "days" | "weeks" };
}
