import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { BOOKING_TIME_ZONE } from "~/utils/dubai-date";

// Abu Dhabi keeps +04:00 all year (no daylight saving since the zone began), so one STANDARD
// block describes it completely for every calendar program.
const DUBAI_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${BOOKING_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0400",
  "TZOFFSETTO:+0400",
  "TZNAME:+04",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

export type BookingEvent = {
  bookingId: string;
  /** The host in the UID: the same for every message of the booking, so a calendar updates one event. */
  host: string;
  /** bookings.calendar_sequence: raised by each reschedule and by the cancellation. */
  sequence: number;
  start: Date;
  minutes: number;
  summary: string;
  location: string | null;
  description: string;
  /** "Name <address>" of the sender (MAIL_FROM). */
  organizer: string;
  attendee: { name: string; email: string };
  cancelled?: boolean;
  /** DTSTAMP; now unless a test or preview fixes it. */
  stamp?: Date;
};

/** The stable UID of a booking's calendar event. */
export function bookingEventUid(bookingId: string, host: string) {
  return `booking-${bookingId}@${host}`;
}

/**
 * A name as an RFC 5545 parameter value (CN). ical-generator puts it in DQUOTEs but writes a
 * DQUOTE inside as \", and a parameter value has no escapes (3.1, QSAFE-CHAR: no DQUOTE, no
 * control character), so a quote in a patient's name would close the value and add parameters of
 * the name's choosing. Inside DQUOTEs ; : and , are plain text, so they stay; DQUOTEs and
 * backslashes (which would show doubled) are removed, line breaks and other control characters
 * become a space.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f]+/g;

export function calendarParamText(value: string): string {
  return value
    .replace(/["\\]/g, "")
    .replace(LINE_BREAKS_AND_CONTROLS, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

function organizerOf(from: string) {
  const match = from.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  return match ? { name: calendarParamText(match[1] || match[2]), email: match[2] } : { name: calendarParamText(from), email: from.trim() };
}

/**
 * The .ics file of a booking: one event in Asia/Dubai time (DTSTART;TZID=Asia/Dubai) with its
 * VTIMEZONE, a UID per booking and the booking's SEQUENCE, sent as an iTIP REQUEST (a
 * confirmation or a move updates the same event) or CANCEL (STATUS:CANCELLED removes it).
 */
export function bookingCalendar(event: BookingEvent): string {
  const calendar = ical({
    prodId: { company: "LabTest Hub", product: "Bookings", language: "EN" },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // No calendar-wide zone: DTSTAMP stays in UTC as RFC 5545 requires; the event carries the TZID.
    timezone: { name: null, generator: (zone) => (zone === BOOKING_TIME_ZONE ? DUBAI_VTIMEZONE : null) },
  });
  calendar.createEvent({
    id: bookingEventUid(event.bookingId, event.host),
    sequence: event.sequence,
    stamp: event.stamp ?? new Date(),
    // A TZDate carries its zone, so the wall-clock time is Abu Dhabi's whatever the server's zone.
    start: new TZDate(event.start, BOOKING_TIME_ZONE),
    end: new TZDate(event.start.getTime() + event.minutes * 60_000, BOOKING_TIME_ZONE),
    timezone: BOOKING_TIME_ZONE,
    summary: event.summary,
    location: event.location,
    description: event.description,
    organizer: organizerOf(event.organizer),
    attendees: [{ name: calendarParamText(event.attendee.name), email: event.attendee.email, rsvp: false }],
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
