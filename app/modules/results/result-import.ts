// Reading a lab's values from a file (decision 0061): CSV in our documented format, or FHIR R4
// JSON (a Bundle with a DiagnosticReport and its Observations). Each answers the values or the
// first thing wrong, in words a lab member can act on. Typed with @types/fhir; Zod decides what
// is accepted.
import type { Bundle, DiagnosticReport, Observation } from "fhir/r4";
import Papa from "papaparse";
import { z } from "zod";
import { MAX_VALUES_PER_RESULT, ResultValueSchema, type ResultValue } from "~/modules/results/result-values";

export type ValuesParse = { ok: true; values: ResultValue[] } | { ok: false; message: string };

/** The CSV's columns (a header row first; analyte and value required, the others may be blank). */
export const CSV_COLUMNS = ["analyte", "value", "unit", "low", "high", "range", "loinc", "flag"] as const;

const optionalNumber = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const number = Number(text.replace(",", "."));
      if (!Number.isFinite(number)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number` });
        return z.NEVER;
      }
      return number;
    });

const blankToNull = z
  .string()
  .optional()
  .transform((text) => text?.trim() || null);

const CsvRowSchema = z.object({
  analyte: z.string().optional().default(""),
  value: z.string().optional().default(""),
  unit: blankToNull,
  low: optionalNumber("low"),
  high: optionalNumber("high"),
  range: blankToNull,
  loinc: blankToNull,
  flag: z
    .string()
    .optional()
    .transform((text) => ({ h: "high", high: "high", l: "low", low: "low", n: "normal", normal: "normal" })[(text ?? "").trim().toLowerCase()] ?? null),
});

function firstIssue(error: z.ZodError) {
  return error.issues[0]?.message ?? "is not valid";
}

function finish(values: unknown[]): ValuesParse {
  if (values.length === 0) return { ok: false, message: "The file holds no values" };
  if (values.length > MAX_VALUES_PER_RESULT) return { ok: false, message: `A result holds at most ${MAX_VALUES_PER_RESULT} values` };
  const parsed: ResultValue[] = [];
  for (const [index, value] of values.entries()) {
    const result = ResultValueSchema.safeParse(value);
    if (!result.success) return { ok: false, message: `Value ${index + 1}: ${firstIssue(result.error)}` };
    parsed.push(result.data);
  }
  return { ok: true, values: parsed };
}

/** Values from a CSV file (UTF-8, header row with CSV_COLUMNS, comma-separated). */
export function parseValuesCsv(text: string): ValuesParse {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const headers = parsed.meta.fields ?? [];
  if (!headers.includes("analyte") || !headers.includes("value")) {
    return { ok: false, message: `The CSV needs a header row with at least the columns analyte and value (columns: ${CSV_COLUMNS.join(", ")})` };
  }
  const values: unknown[] = [];
  for (const [index, row] of parsed.data.entries()) {
    const result = CsvRowSchema.safeParse(row);
    if (!result.success) return { ok: false, message: `Row ${index + 2}: ${firstIssue(result.error)}` };
    const { range, flag, ...rest } = result.data;
    values.push({ ...rest, rangeText: range, interpretation: flag });
  }
  return finish(values);
}

// --- FHIR R4 ---

const Coding = z.object({ system: z.string().optional(), code: z.string().optional(), display: z.string().optional() });
const CodeableConcept = z.object({ coding: z.array(Coding).optional(), text: z.string().optional() });
const Quantity = z.object({ value: z.number().finite().optional(), unit: z.string().optional(), code: z.string().optional() });
const Reference = z.object({ reference: z.string().optional() });

const ObservationSchema = z.object({
  resourceType: z.literal("Observation"),
  id: z.string().optional(),
  code: CodeableConcept,
  valueQuantity: Quantity.optional(),
  valueString: z.string().optional(),
  valueCodeableConcept: CodeableConcept.optional(),
  interpretation: z.array(CodeableConcept).optional(),
  referenceRange: z.array(z.object({ low: Quantity.optional(), high: Quantity.optional(), text: z.string().optional() })).optional(),
}) satisfies z.ZodType<Partial<Observation>>;

const DiagnosticReportSchema = z.object({
  resourceType: z.literal("DiagnosticReport"),
  result: z.array(Reference).optional(),
}) satisfies z.ZodType<Partial<DiagnosticReport>>;

const BundleSchema = z.object({
  resourceType: z.literal("Bundle", { error: "The FHIR file must be a Bundle" }),
  entry: z
    .array(z.object({ fullUrl: z.string().optional(), resource: z.object({ resourceType: z.string() }).loose() }))
    .min(1, "The FHIR Bundle has no entries"),
}) satisfies z.ZodType<Partial<Bundle>>;

const LOINC = "http://loinc.org";

function interpretationOf(concepts: z.infer<typeof CodeableConcept>[] | undefined): ResultValue["interpretation"] {
  const code = concepts?.flatMap((concept) => concept.coding ?? []).find((coding) => coding.code)?.code?.toUpperCase();
  if (code === "H" || code === "HH" || code === "HU") return "high";
  if (code === "L" || code === "LL" || code === "LU") return "low";
  if (code === "N") return "normal";
  return null;
}

function valueOfObservation(observation: z.infer<typeof ObservationSchema>) {
  const loinc = observation.code.coding?.find((coding) => coding.system === LOINC && coding.code)?.code ?? null;
  const analyte = observation.code.text ?? observation.code.coding?.find((coding) => coding.display)?.display ?? "";
  const quantity = observation.valueQuantity;
  const value =
    quantity?.value !== undefined
      ? String(quantity.value)
      : (observation.valueString ?? observation.valueCodeableConcept?.text ?? observation.valueCodeableConcept?.coding?.[0]?.display ?? "");
  const range = observation.referenceRange?.[0];
  return {
    analyte,
    loinc,
    value,
    unit: quantity?.unit ?? quantity?.code ?? null,
    low: range?.low?.value ?? null,
    high: range?.high?.value ?? null,
    rangeText: range?.text ?? null,
    interpretation: interpretationOf(observation.interpretation),
  };
}

/**
 * Values from a FHIR R4 Bundle: its DiagnosticReport's results (Observations referenced by
 * fullUrl or "Observation/{id}"), in the report's order; without a report, refused.
 */
export function parseValuesFhir(text: string): ValuesParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "The FHIR file is not valid JSON" };
  }
  const bundle = BundleSchema.safeParse(json);
  if (!bundle.success) return { ok: false, message: firstIssue(bundle.error) };
  const entries = bundle.data.entry;
  const reportEntry = entries.find((entry) => entry.resource.resourceType === "DiagnosticReport");
  if (!reportEntry) return { ok: false, message: "The FHIR Bundle has no DiagnosticReport" };
  const report = DiagnosticReportSchema.safeParse(reportEntry.resource);
  if (!report.success) return { ok: false, message: `DiagnosticReport: ${firstIssue(report.error)}` };
  const byReference = new Map<string, unknown>();
  for (const entry of entries) {
    if (entry.resource.resourceType !== "Observation") continue;
    if (entry.fullUrl) byReference.set(entry.fullUrl, entry.resource);
    if (typeof entry.resource.id === "string") byReference.set(`Observation/${entry.resource.id}`, entry.resource);
  }
  const references = report.data.result ?? [];
  if (references.length === 0) return { ok: false, message: "The DiagnosticReport lists no Observations" };
  const values: unknown[] = [];
  for (const [index, reference] of references.entries()) {
    const resource = reference.reference ? byReference.get(reference.reference) : undefined;
    if (!resource) return { ok: false, message: `The DiagnosticReport's result ${index + 1} is not an Observation in the Bundle` };
    const observation = ObservationSchema.safeParse(resource);
    if (!observation.success) return { ok: false, message: `Observation ${index + 1}: ${firstIssue(observation.error)}` };
    values.push(valueOfObservation(observation.data));
  }
  return finish(values);
}

/** Whether bytes are a PDF by their content (its magic bytes "%PDF-"), whatever the file's name or declared type. */
export function isPdf(bytes: Uint8Array) {
  return bytes.length > 8 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
}
