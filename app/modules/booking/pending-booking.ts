import type { TestSummary } from "~/modules/catalog/test-summary";
import { PENDING_BOOKING_KEY } from "~/modules/booking/pending-booking-key";
import { PendingBookingDraftSchema, type PendingBookingDraft } from "~/modules/booking/schemas";

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/** Keeps a visitor's booking form in sessionStorage until they have an account. */
export function savePendingBooking(test: TestSummary, formData: FormData) {
  const draft: PendingBookingDraft = {
    test_id: test.id,
    test_name: test.name,
    scheduled_date: text(formData, "scheduledDate"),
    scheduled_time: text(formData, "scheduledTime"),
    patient_name: text(formData, "patientName"),
    patient_email: text(formData, "patientEmail"),
    patient_phone: text(formData, "patientPhone"),
    notes: text(formData, "notes"),
    lab_id: text(formData, "labId"),
    collection_type: text(formData, "collectionType"),
    home_address: text(formData, "homeAddress"),
    home_area: text(formData, "homeArea"),
  };
  window.sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify(draft));
}

/** Reads and removes the pending draft (so it is submitted once), as form data for /book. */
export function takePendingBooking(): { testId: string; formData: FormData } | null {
  const raw = window.sessionStorage.getItem(PENDING_BOOKING_KEY);
  if (!raw) return null;
  window.sessionStorage.removeItem(PENDING_BOOKING_KEY);
  let parsed;
  try {
    parsed = PendingBookingDraftSchema.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const draft = parsed.data;
  const formData = new FormData();
  formData.set("patientName", draft.patient_name);
  formData.set("patientEmail", draft.patient_email);
  formData.set("patientPhone", draft.patient_phone);
  formData.set("scheduledDate", draft.scheduled_date);
  formData.set("scheduledTime", draft.scheduled_time);
  formData.set("notes", draft.notes);
  if (draft.lab_id) formData.set("labId", draft.lab_id);
  if (draft.collection_type) formData.set("collectionType", draft.collection_type);
  if (draft.home_address) formData.set("homeAddress", draft.home_address);
  if (draft.home_area) formData.set("homeArea", draft.home_area);
  return { testId: draft.test_id, formData };
}
