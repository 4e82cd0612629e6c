// The portal's result forms (upload, release) read and answered: input checked with Zod, a PDF
// checked by its content, values from the form, a CSV or a FHIR R4 file.
import { z } from "zod";
import { MAX_REPORT_BYTES, releaseResult, uploadResult } from "~/modules/results/lab-results.server";
import { isPdf, parseValuesCsv, parseValuesFhir, type ValuesParse } from "~/modules/results/result-import";
import { MAX_VALUES_PER_RESULT, ResultValueSchema } from "~/modules/results/result-values";
import type { LabScope } from "~/modules/partner/lab-scope.server";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { readFormData } from "~/utils/request-body.server";

/** A values file's largest size. */
const MAX_VALUES_FILE_BYTES = 1024 * 1024;
/** The form's largest body: the report, a values file and the fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_REPORT_BYTES + MAX_VALUES_FILE_BYTES + 256 * 1024;

export const RESULT_NOT_FOUND = "Booking not found";
export const NOT_A_PDF = "The report must be a PDF file (its content is not a PDF).";
export const REPORT_TOO_LARGE = "The report is larger than 10 MB.";
export const REPORT_MISSING = "Choose the report (a PDF file).";
export const NOT_UPLOADABLE = "Results can be uploaded once the sample is collected.";
export const NOTHING_TO_RELEASE = "Upload the report before releasing it.";

const IntentSchema = z.object({ intent: z.enum(["upload", "release"]) });
const SourceSchema = z.enum(["form", "csv", "fhir", "none"]).catch("none");

const num = (text: string | undefined) => {
  const trimmed = (text ?? "").trim().replace(",", ".");
  if (!trimmed) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : Number.NaN;
};

/** The value rows typed into the form (analyte[], value[], unit[], low[], high[], range[], loinc[]); blank rows skipped. */
function valuesFromForm(form: FormData): ValuesParse {
  const column = (name: string) => form.getAll(name).map((entry) => (typeof entry === "string" ? entry : ""));
  const analytes = column("analyte");
  const [values, units, lows, highs, ranges, loincs] = ["value", "unit", "low", "high", "range", "loinc"].map(column);
  const parsed = [];
  for (let index = 0; index < Math.min(analytes.length, MAX_VALUES_PER_RESULT + 1); index++) {
    if (!analytes[index]?.trim() && !values[index]?.trim()) continue;
    const row = ResultValueSchema.safeParse({
      analyte: analytes[index],
      value: values[index],
      unit: units[index]?.trim() || null,
      low: num(lows[index]),
      high: num(highs[index]),
      rangeText: ranges[index]?.trim() || null,
      loinc: loincs[index]?.trim() || null,
    });
    if (!row.success) return { ok: false, message: `Value ${index + 1}: ${row.error.issues[0]?.message ?? "is not valid"}` };
    parsed.push(row.data);
  }
  if (parsed.length > MAX_VALUES_PER_RESULT) return { ok: false, message: `A result holds at most ${MAX_VALUES_PER_RESULT} values` };
  return { ok: true, values: parsed };
}

async function valuesOf(form: FormData): Promise<ValuesParse> {
  const source = SourceSchema.parse(form.get("valuesSource"));
  if (source === "none") return { ok: true, values: [] };
  if (source === "form") return valuesFromForm(form);
  const file = form.get("valuesFile");
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: "Choose the values file." };
  if (file.size > MAX_VALUES_FILE_BYTES) return { ok: false, message: "The values file is larger than 1 MB." };
  const text = await file.text();
  return source === "csv" ? parseValuesCsv(text) : parseValuesFhir(text);
}

const refused = (status: number, title: string, description?: string) => formFailure(status, { toast: { type: "error", title, ...(description ? { description } : {}) } });

/** POST to /partner/{labId}/results/{bookingId}: upload (multipart) or release. */
export async function runLabResultAction(scope: LabScope, bookingId: string, request: Request) {
  const form = await readFormData(request, { maxBytes: MAX_UPLOAD_BODY_BYTES });
  const intent = IntentSchema.safeParse({ intent: form.get("intent") });
  if (!intent.success) return refused(400, "Unknown action");
  if (intent.data.intent === "release") {
    const outcome = await releaseResult(scope, bookingId);
    if (outcome.status === "not-found") return refused(404, RESULT_NOT_FOUND);
    if (outcome.status === "nothing-to-release") return refused(409, NOTHING_TO_RELEASE);
    return formSuccess({ type: "success", title: `Version ${outcome.version} released`, description: "The patient has been told by e-mail that results are ready." });
  }
  const report = form.get("report");
  if (!(report instanceof File) || report.size === 0) return refused(400, REPORT_MISSING);
  if (report.size > MAX_REPORT_BYTES) return refused(413, REPORT_TOO_LARGE);
  const pdf = Buffer.from(await report.arrayBuffer());
  if (!isPdf(pdf)) return refused(400, NOT_A_PDF);
  const values = await valuesOf(form);
  if (!values.ok) return refused(400, "The values could not be read", values.message);
  const outcome = await uploadResult(scope, { bookingId, pdf, values: values.values });
  if (outcome.status === "not-found") return refused(404, RESULT_NOT_FOUND);
  if (outcome.status === "not-uploadable") return refused(409, NOT_UPLOADABLE);
  return formSuccess({ type: "success", title: `Version ${outcome.version} saved as a draft`, description: `${values.values.length} values. Release it when it is checked.` });
}
