import { z } from "zod";
import { savedPatientsByIds } from "~/modules/accounts/saved-patients.server";
import { linePatientsErrorKey, unitPatientField } from "~/modules/checkout/line-choices";
import type { FieldErrors } from "~/utils/form-result";

// Issue 26, "What the visit and the lab need": a quantity of two is two patients. At checkout's
// details step each unit of a line names one of the account's saved patients, or none (the
// patient of the details form, as before saved patients existed).

export const PATIENT_CHOICE_MESSAGE = "Please choose the patient of each unit of this test";
export const UNKNOWN_PATIENT_MESSAGE = "Please choose one of the patients saved on your account";
export const SAME_PATIENT_TWICE_MESSAGE = "Each unit of a test is for a different patient: please choose another patient for each unit";

/** The patients of one line's units: a saved patient's id or "" (the details form's patient), one per unit. */
const unitPatientsSchema = (quantity: number) =>
  z.array(z.union([z.uuid(), z.literal("")]), { error: PATIENT_CHOICE_MESSAGE }).length(quantity, PATIENT_CHOICE_MESSAGE);

/** The unit fields of one line sent by the form, in unit order (none when the form had no patient choice). */
function sentUnitPatients(form: Record<string, unknown>, testId: string): unknown[] {
  const prefix = unitPatientField(testId, 0).slice(0, -1);
  return Object.keys(form)
    .filter((key) => key.startsWith(prefix) && /^\d+$/.test(key.slice(prefix.length)))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    .map((key) => form[key]);
}

export type LinePatients = { testId: string; patientIds: string[] };

/**
 * Reads and checks the patients chosen for every line's units: each a uuid or empty, as many as
 * the line's quantity, no saved patient twice in one line, and every one a patient of this
 * account (another account's id is not found). The saved ids of each line (the empty units left
 * out: they are the details form's patient), or the problems by line (`patients:{testId}`).
 */
export async function readLinePatients(
  userId: string,
  lines: { testId: string; quantity: number }[],
  form: Record<string, unknown>,
): Promise<{ ok: true; lines: LinePatients[] } | { ok: false; problems: FieldErrors }> {
  const problems: FieldErrors = {};
  const chosen: LinePatients[] = [];
  for (const line of lines) {
    const sent = sentUnitPatients(form, line.testId);
    if (sent.length === 0) {
      chosen.push({ testId: line.testId, patientIds: [] });
      continue;
    }
    const parsed = unitPatientsSchema(line.quantity).safeParse(sent);
    if (!parsed.success) {
      problems[linePatientsErrorKey(line.testId)] = [PATIENT_CHOICE_MESSAGE];
      continue;
    }
    const ids = parsed.data.filter((id) => id !== "");
    if (new Set(ids).size !== ids.length) {
      problems[linePatientsErrorKey(line.testId)] = [SAME_PATIENT_TWICE_MESSAGE];
      continue;
    }
    chosen.push({ testId: line.testId, patientIds: ids });
  }
  const owned = await savedPatientsByIds(
    userId,
    chosen.flatMap((line) => line.patientIds),
  );
  for (const line of chosen) {
    if (line.patientIds.some((id) => !owned.has(id))) problems[linePatientsErrorKey(line.testId)] = [UNKNOWN_PATIENT_MESSAGE];
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, lines: chosen };
}
