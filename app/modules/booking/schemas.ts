import { z } from "zod";
import { text } from "~/utils/text-schema";
import {
  DEFAULT_BOOKING_TIME,
  isCalendarDate,
  todayInDubai,
} from "~/utils/dubai-date";
import {
  collectionTypes,
  defaultCollectionType,
} from "~/modules/slots/collection-types";

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
  patientPhone: optionalText(30).refine(
    (value) => !value || /^[+\d][\d\s()-]{5,}$/.test(value),
    {
      message: "Please enter a valid phone number",
    },
  ),
  notes: optionalText(2000),
  scheduledDate: text({ error: "Please select a date" }).superRefine(
    (value, context) => {
      if (!isCalendarDate(value))
        context.addIssue({ code: "custom", message: "Please select a date" });
      else if (value < todayInDubai())
        context.addIssue({
          code: "custom",
          message: "Please choose today or a later date",
        });
    },
  ),
  scheduledTime: text({ error: "Please select a time" })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please select a time")
    .default(DEFAULT_BOOKING_TIME),
});
export type PatientDetails = z.infer<typeof PatientDetailsSchema>;
export type PatientDetailsErrors = Partial<
  Record<keyof PatientDetails, string[]>
>;

/**
 * The marketplace choices of a booking: the lab (none = the cheapest lab with the chosen time
 * free), walk-in or home collection, and for home collection the address and its area.
 */
export const BookingChoicesSchema = z.object({
  labId: text()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.uuid("Please choose a lab").nullable()),
  collectionType: z
    .enum(collectionTypes, {
      error: "Please choose walk-in or home collection",
    })
    .nullish()
    .transform((value) => value ?? defaultCollectionType),
  homeAddress: optionalText(300),
  homeArea: optionalText(100),
});
export type BookingChoices = z.infer<typeof BookingChoicesSchema>;

/** How a Book Test booking may be paid: in cash at the visit (the default) or by card now. */
export const BOOK_TEST_PAYMENTS = ["cash", "card"] as const;
export type BookTestPayment = (typeof BOOK_TEST_PAYMENTS)[number];

/** The Book Test form (page and dialog): the patient (optionally one saved on the account), the appointment and the marketplace choices. */
export const BookingFormSchema = PatientDetailsSchema.extend(
  BookingChoicesSchema.shape,
)
  .extend({
    savedPatientId: text()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .pipe(
        z
          .uuid("Please choose one of the patients saved on your account")
          .nullable(),
      ),
    /** How Book Test is paid (issue 26): cash at the visit unless the patient chose card now. */
    payment: z
      .enum(BOOK_TEST_PAYMENTS)
      .nullish()
      .transform((value) => value ?? "cash"),
  })
  .superRefine((value, context) => {
    if (value.collectionType !== "home") return;
    if (!value.homeAddress)
      context.addIssue({
        code: "custom",
        path: ["homeAddress"],
        message: "Please enter the address for home collection",
      });
    if (!value.homeArea)
      context.addIssue({
        code: "custom",
        path: ["homeArea"],
        message: "Please choose your area",
      });
  });
/** A Book Test booking's input; how it is paid is the caller's choice of function, not a field of it. */
export type BookingInput = Omit<z.infer<typeof BookingFormSchema>, "payment">;
export type BookingFormErrors = Partial<Record<keyof BookingInput, string[]>>;

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
  lab_id: text().optional(),
  collection_type: text().optional(),
  home_address: text().optional(),
  home_area: text().optional(),
});
export type PendingBookingDraft = z.infer<typeof PendingBookingDraftSchema>;

/** Zod issues as { field: [messages] } for the form's own check in the browser (the server answers with invalidForm). */
export function fieldErrors(error: z.ZodError): BookingFormErrors {
  return z.flattenError(error).fieldErrors as BookingFormErrors;
}
