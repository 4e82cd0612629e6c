import type { PatientDetails } from "~/modules/booking/schemas";
import { todayInDubai } from "~/utils/dubai-date";

/** Valid patient details for today, with an e-mail made from the first name ("Omar Saeed" -> omar@example.com). */
export function patientDetails(patientName: string, overrides: Partial<PatientDetails> = {}): PatientDetails {
  return {
    patientName,
    patientEmail: `${patientName.split(" ")[0].toLowerCase()}@example.com`,
    patientPhone: null,
    notes: null,
    scheduledDate: todayInDubai(),
    scheduledTime: "09:00",
    ...overrides,
  };
}
