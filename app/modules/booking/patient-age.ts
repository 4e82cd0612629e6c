// The patient's age as the lab needs it for reference ranges (issue 26): in whole years on the
// booking's day in Asia/Dubai, not on today's. Pure and import-light: the worklist, the print view
// and the admin's booking page compute it on the server and show the number.
import { ageOn } from "~/modules/accounts/saved-patient-schema";

const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The booking's day in Asia/Dubai (yyyy-MM-dd): its slot's day, else its scheduled date. */
export function bookingDayInDubai(booking: { scheduledDate: string; slotStart?: Date | null }): string {
  if (booking.slotStart) return new Date(booking.slotStart.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
  return booking.scheduledDate;
}

/**
 * Age in whole years on `day` (yyyy-MM-dd) of someone born on `dateOfBirth`; null when the date of
 * birth is missing, malformed or after the day. Born on 29 February: a year older on 1 March of a
 * common year (28 February is still the year before).
 */
export function ageOnDay(dateOfBirth: string | null | undefined, day: string): number | null {
  if (!dateOfBirth || !DATE.test(dateOfBirth) || !DATE.test(day) || dateOfBirth > day) return null;
  return ageOn(dateOfBirth, day);
}

/** The patient's age on the booking's day in Asia/Dubai, or null when no date of birth was given. */
export function patientAgeOnBooking(booking: { patientDateOfBirth: string | null; scheduledDate: string; slotStart?: Date | null }): number | null {
  return ageOnDay(booking.patientDateOfBirth, bookingDayInDubai(booking));
}

/** The referring doctor's name without a title typed with it ("Dr. Amal" is "Amal"), for "Referred by Dr …". */
export function doctorNameWithoutTitle(name: string): string {
  return name.trim().replace(/^(dr\.?|doctor)\s+/i, "").trim() || name.trim();
}
