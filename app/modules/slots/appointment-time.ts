import { dubaiDateTime, slotStartFor } from "~/modules/slots/schedule";

/**
 * The one place a booking's appointment time is read from (issue 26, decision 0051): its lab
 * slot's start, given in Asia/Dubai; a booking from before labs had slots falls back to its
 * scheduled date and time. The checkout steps, the confirmation, the dashboard's orders and
 * bookings, the e-mails and the calendar file all read the time through these functions, so a
 * reschedule (which moves the slot) shows everywhere. Client-safe.
 */
export type AppointmentSource = {
  slotStart?: Date | string | null;
  scheduledDate?: string | null;
  scheduledTime?: string | null;
};

/** A booking's (or order line's) appointment as a calendar date and a wall-clock time in Abu Dhabi; null when it has none. */
export function appointmentOf(source: AppointmentSource): { date: string; time: string } | null {
  if (source.slotStart) return dubaiDateTime(typeof source.slotStart === "string" ? new Date(source.slotStart) : source.slotStart);
  if (source.scheduledDate) return { date: source.scheduledDate, time: source.scheduledTime ?? "09:00" };
  return null;
}

/** The instant the appointment starts (for the calendar file, reminders and change limits). */
export function appointmentStart(source: AppointmentSource & { scheduledDate: string }): Date {
  const appointment = appointmentOf(source)!;
  return source.slotStart ? new Date(source.slotStart) : slotStartFor(appointment.date, appointment.time);
}

/** The distinct appointments of several lines, earliest first (one order may visit several labs at several times). */
export function appointmentsOf(sources: AppointmentSource[]): { date: string; time: string }[] {
  const seen = new Map<string, { date: string; time: string }>();
  for (const source of sources) {
    const appointment = appointmentOf(source);
    if (appointment) seen.set(`${appointment.date} ${appointment.time}`, appointment);
  }
  return [...seen.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, appointment]) => appointment);
}
