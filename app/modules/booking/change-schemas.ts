import { z } from "zod";
import { isCalendarDate } from "~/utils/dubai-date";
import { text } from "~/utils/text-schema";

const uuid = (message: string) => text({ error: message }).trim().pipe(z.uuid(message));

const calendarDate = text({ error: "Please choose a date" })
  .trim()
  .refine((value) => isCalendarDate(value), "Please choose a date");

const slotTime = text({ error: "Please choose a time" })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please choose a time");

/** A new time for a booking: the lab (its own or another offering the test), the day and the slot. */
export const RescheduleChoiceSchema = z.object({
  labId: uuid("Please choose a lab"),
  date: calendarDate,
  time: slotTime,
});
export type RescheduleChoice = z.infer<typeof RescheduleChoiceSchema>;

/**
 * The reschedule confirmation: the choice reviewed, and the booking's calendar sequence the review
 * was shown for, so a booking moved meanwhile (another tab, a second click) is not moved twice.
 */
export const RescheduleConfirmSchema = RescheduleChoiceSchema.extend({
  expectedSequence: z.coerce.number({ error: "Please review the change again" }).int().min(0),
});

/** The cancellation confirmation: the fee the customer was shown (the terms may have changed since). */
export const CancelConfirmSchema = z.object({
  expectedFeeFils: z.coerce.number({ error: "Please review the cancellation again" }).int().min(0),
});
