import { z } from "zod";
import { text } from "~/utils/text-schema";
import { DEFAULT_BOOKING_TIME, isCalendarDate, todayInDubai } from "~/utils/dubai-date";

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/**
 * The patient and appointment fields of the booking form (page and dialog) and of checkout's
 * details step. Used by the browser for instant messages and by the server for the real check.
 */
export const PatientDetailsSchema = z.object({
  patientName: text({ error: "Patient name is required" })
    .trim()
    .min(1, "Patient name is required")
    .max(200, "Please use at most 200 characters"),
  patientEmail: text({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .pipe(z.email("Please enter a valid email address").max(254)),
  patientPhone: optionalText(30).refine((value) => !value || /^[+\d][\d\s()-]{5,}$/.test(value), {
    message: "Please enter a valid phone number",
  }),
  notes: optionalText(2000),
  scheduledDate: text({ error: "Please select a date" }).superRefine((value, context) => {
    if (!isCalendarDate(value)) context.addIssue({ code: "custom", message: "Please select a date" });
    else if (value < todayInDubai()) context.addIssue({ code: "custom", message: "Please choose today or a later date" });
  }),
  scheduledTime: text({ error: "Please select a time" })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please select a time")
    .default(DEFAULT_BOOKING_TIME),
});
export type PatientDetails = z.infer<typeof PatientDetailsSchema>;
export type PatientDetailsErrors = Partial<Record<keyof PatientDetails, string[]>>;

/** What a visitor's unfinished booking looks like in sessionStorage (spec: pending booking draft). */
export const PendingBookingDraftSchema = z.object({
  test_id: z.uuid(),
  test_name: text(),
  scheduled_date: text(),
  scheduled_time: text(),
  patient_name: text(),
  patient_email: text(),
  patient_phone: text(),
  notes: text(),
});
export type PendingBookingDraft = z.infer<typeof PendingBookingDraftSchema>;

/** Zod issues as { field: [messages] } for the form's own check in the browser (the server answers with invalidForm). */
export function fieldErrors(error: z.ZodError): PatientDetailsErrors {
  return z.flattenError(error).fieldErrors as PatientDetailsErrors;
}
