// A result's measured values (client-safe): their shape, the High/Low/Normal flag and the key a
// trend groups them by. One definition for the portal, the patient's pages and the FHIR export.
import { z } from "zod";

export const MAX_VALUES_PER_RESULT = 200;

const finite = z.number().finite();

/** One measured value as the lab gave it (a version's values are sealed together: result_versions.values_sealed). */
export const ResultValueSchema = z.object({
  analyte: z.string().trim().min(1, "Each value needs the analyte's name").max(200),
  /** A LOINC code ("4548-4") when the lab knows it. */
  loinc: z
    .string()
    .trim()
    .regex(/^\d{1,7}-\d$/, "A LOINC code looks like 4548-4")
    .nullable()
    .default(null),
  /** The value as reported ("7.9", "Negative", "<0.5"). */
  value: z.string().trim().min(1, "Each value needs its result").max(200),
  unit: z.string().trim().max(50).nullable().default(null),
  low: finite.nullable().default(null),
  high: finite.nullable().default(null),
  /** A range given as text ("Negative", "< 200"). */
  rangeText: z.string().trim().max(200).nullable().default(null),
  /** The lab's own flag, when it sent one (FHIR interpretation H/L/N, or the CSV's flag column). */
  interpretation: z.enum(["high", "low", "normal"]).nullable().default(null),
});
export type ResultValue = z.output<typeof ResultValueSchema>;

export type ResultFlag = "high" | "low" | "normal";

/** The number in a value ("7.9", "7,9"), or null for text results ("Negative", "<0.5"). */
export function numericValue(value: string): number | null {
  const text = value.trim().replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/**
 * High, Low or Normal: from the number against its range where both are known, else the lab's
 * own interpretation, else none (a text result without a flag).
 */
export function flagOf(value: Pick<ResultValue, "value" | "low" | "high" | "interpretation">): ResultFlag | null {
  const number = numericValue(value.value);
  if (number !== null && (value.low !== null || value.high !== null)) {
    if (value.low !== null && number < value.low) return "low";
    if (value.high !== null && number > value.high) return "high";
    return "normal";
  }
  return value.interpretation;
}

/** How a value's range reads: "3.5–5.0", "≤ 200", "≥ 40", or the lab's text. */
export function rangeLabel(value: Pick<ResultValue, "low" | "high" | "rangeText">): string | null {
  if (value.low !== null && value.high !== null) return `${value.low}–${value.high}`;
  if (value.high !== null) return `≤ ${value.high}`;
  if (value.low !== null) return `≥ ${value.low}`;
  return value.rangeText;
}

/** A unit compared loosely: "mg/dL" and "MG/DL " are one unit; "mmol/L" is another. */
export function normaliseUnit(unit: string | null) {
  return (unit ?? "").trim().toLowerCase().replace(/\s+/g, "");
}

/**
 * What a trend groups values by: the LOINC code where known, else the analyte's name normalised
 * (case, spaces, punctuation). The unit is always part of it: values in different units are never
 * one series.
 */
export function trendKey(value: Pick<ResultValue, "analyte" | "loinc" | "unit">) {
  const analyte = value.loinc ? `loinc:${value.loinc}` : `name:${value.analyte.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()}`;
  return `${analyte}|${normaliseUnit(value.unit)}`;
}
