import { z } from "zod";
import { HomeAddressSchema, SavedPatientSchema } from "~/modules/accounts/saved-patient-schema";
import { BillingDetailsSchema } from "~/modules/accounts/billing-details";
import { deleteSavedPatient, saveBillingDetails, saveHomeAddress, saveSavedPatient } from "~/modules/accounts/saved-patients.server";
import { formFailure, formSuccess, invalidForm } from "~/utils/form-result.server";

const PatientIdSchema = z.object({ patientId: z.uuid().nullish().catch(null) });

/**
 * The profile page's other forms (issue 26), told apart by `intent`: a saved patient added,
 * changed or removed, the home-collection address, and the invoice details (issue 29). The user is the session's; a patient id
 * of another account answers 404. Returns null for the profile form itself (no intent).
 */
export async function profileSectionAction(userId: string, form: Record<string, FormDataEntryValue>) {
  const intent = form.intent;
  if (intent === "patient-save") {
    const parsed = SavedPatientSchema.safeParse(form);
    if (!parsed.success) return invalidForm(parsed.error, "Please check the patient's details");
    const { patientId } = PatientIdSchema.parse(form);
    const saved = await saveSavedPatient(userId, parsed.data, patientId);
    if (saved.outcome === "not-found") return formFailure(404, { toast: { type: "error", title: "Patient not found" } });
    if (saved.outcome === "too-many") {
      return formFailure(409, { toast: { type: "error", title: "An account can keep at most 12 patients" } });
    }
    return formSuccess({ type: "success", title: "Patient saved" });
  }
  if (intent === "patient-delete") {
    const { patientId } = PatientIdSchema.parse(form);
    if (!patientId || (await deleteSavedPatient(userId, patientId)) === "not-found") {
      return formFailure(404, { toast: { type: "error", title: "Patient not found" } });
    }
    return formSuccess({ type: "success", title: "Patient removed" });
  }
  if (intent === "home-address") {
    const parsed = HomeAddressSchema.safeParse(form);
    if (!parsed.success) return invalidForm(parsed.error, "Please check the address");
    await saveHomeAddress(userId, parsed.data);
    return formSuccess({ type: "success", title: "Home collection address saved" });
  }
  if (intent === "billing-details") {
    const parsed = BillingDetailsSchema.safeParse(form);
    if (!parsed.success) return invalidForm(parsed.error, "Please check the invoice details");
    await saveBillingDetails(userId, parsed.data);
    return formSuccess({ type: "success", title: "Invoice details saved" });
  }
  return null;
}
