import { describe, expect, it } from "vitest";
import { bookingCalendar, type BookingEvent } from "~/modules/notifications/booking-calendar";
import { parseIcs } from "../../../tests/e2e/outbox";

const event: BookingEvent = {
  bookingId: "0b6f6a4c-3f5e-4d8e-a0a5-6c1f3e2d9b11",
  host: "labtesthub.ae",
  sequence: 0,
  // 09:00 in Abu Dhabi (UTC+4).
  start: new Date("2026-11-24T05:00:00Z"),
  minutes: 30,
  summary: "Lipid Profile at Al Reem Diagnostics",
  location: "Al Reem Diagnostics, Sky Tower; Al Reem Island",
  description: "Fast for 10-12 hours.\nWater is fine.",
  organizer: "LabTest Hub <no-reply@labtesthub.ae>",
  attendee: { name: "Mariam Al Mansoori", email: "mariam@example.com" },
  stamp: new Date("2026-11-20T10:00:00Z"),
};

describe("the booking calendar file", () => {
  it("puts the visit at its Abu Dhabi time with the zone, the address, a stable UID and the sequence", () => {
    const ics = bookingCalendar(event);
    expect(parseIcs(ics)).toEqual({
      method: "REQUEST",
      uid: "booking-0b6f6a4c-3f5e-4d8e-a0a5-6c1f3e2d9b11@labtesthub.ae",
      sequence: 0,
      dtstart: "20261124T090000",
      tzid: "Asia/Dubai",
      dtend: "20261124T093000",
      location: "Al Reem Diagnostics, Sky Tower; Al Reem Island",
      summary: "Lipid Profile at Al Reem Diagnostics",
      status: "CONFIRMED",
    });
    // The zone is described in the file (+04:00, no daylight saving), and the stamp is UTC.
    expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Asia\/Dubai\r\nBEGIN:STANDARD\r\n[\s\S]*TZOFFSETTO:\+0400/);
    expect(ics).toContain("DTSTAMP:20261120T100000Z");
    expect(ics).toContain("ORGANIZER;CN=\"LabTest Hub\":mailto:no-reply@labtesthub.ae");
    // Lines are CRLF and folded at 75 octets.
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("writes the same Abu Dhabi time whatever the server's own time zone", () => {
    const previous = process.env.TZ;
    try {
      process.env.TZ = "America/Los_Angeles";
      expect(parseIcs(bookingCalendar(event)).dtstart).toBe("20261124T090000");
    } finally {
      process.env.TZ = previous;
    }
  });

  it("a move keeps the UID with a higher sequence; a cancellation cancels the same event", () => {
    const moved = parseIcs(bookingCalendar({ ...event, sequence: 1, start: new Date("2026-11-26T06:30:00Z"), minutes: 60 }));
    expect(moved).toMatchObject({ uid: parseIcs(bookingCalendar(event)).uid, sequence: 1, dtstart: "20261126T103000", dtend: "20261126T113000" });
    const cancelled = parseIcs(bookingCalendar({ ...event, sequence: 2, cancelled: true }));
    expect(cancelled).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 2, uid: moved.uid });
  });
});

/**
 * One content line read by RFC 5545's grammar (3.1): name *(";" param) ":" value, where a param
 * value is a paramtext (no DQUOTE ; : ,) or a DQUOTE-quoted string with no DQUOTE inside. There
 * is no escape in a param value: a backslash is an ordinary character.
 */
function readContentLine(line: string) {
  let at = line.search(/[;:]/);
  const name = line.slice(0, at);
  const params: [string, string][] = [];
  while (line[at] === ";") {
    const equals = line.indexOf("=", at);
    const key = line.slice(at + 1, equals);
    at = equals + 1;
    let value: string;
    if (line[at] === '"') {
      const close = line.indexOf('"', at + 1);
      value = line.slice(at + 1, close);
      at = close + 1;
    } else {
      const end = line.slice(at).search(/[;:,]/);
      value = line.slice(at, at + end);
      at += end;
    }
    params.push([key, value]);
  }
  if (line[at] !== ":") throw new Error(`not a content line: ${line}`);
  return { name, params, value: line.slice(at + 1) };
}

const unfoldedLines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("the attendee's name in the calendar file", () => {
  const hostile = [
    'Eve";ROLE=CHAIR;X-EVIL="1',
    "Eve;ROLE=CHAIR",
    "Eve:mailto:boss@evil.example",
    "Eve, Mallory",
    "Eve\r\nATTENDEE:mailto:boss@evil.example",
    "Eve\nDESCRIPTION:Click https://evil.example",
    'Eve "the patient" \\ Al Mansoori',
  ];

  for (const name of hostile) {
    it(`stays one quoted CN and adds no parameter or line: ${JSON.stringify(name)}`, () => {
      const lines = unfoldedLines(bookingCalendar({ ...event, attendee: { name, email: "mariam@example.com" } }));
      const attendees = lines.filter((line) => line.startsWith("ATTENDEE"));
      expect(attendees).toHaveLength(1);
      const attendee = readContentLine(attendees[0]);
      expect(attendee.params.map(([key]) => key)).toEqual(["ROLE", "RSVP", "CN"]);
      expect(attendee.params.find(([key]) => key === "ROLE")?.[1]).toBe("REQ-PARTICIPANT");
      expect(attendee.value).toBe("MAILTO:mariam@example.com");
      const cn = attendee.params.find(([key]) => key === "CN")![1];
      // RFC 5545 QSAFE-CHAR: no DQUOTE and no control character inside the quotes.
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(cn).not.toMatch(/["\u0000-\u001f\u007f]/);
      // Nor a backslash: it escapes nothing in a parameter value, so "\\n" would show as typed.
      expect(cn).not.toContain("\\");
      expect(cn.replace(/\s+/g, " ")).toContain("Eve");
      // Nothing of the name starts a line of its own.
      expect(lines.some((line) => /^(DESCRIPTION|ATTENDEE):(Click|mailto:boss)/.test(line))).toBe(false);
    });
  }

  it("keeps a plain name as it is, semicolons, colons and commas inside the quotes", () => {
    const lines = unfoldedLines(bookingCalendar({ ...event, attendee: { name: "Al Mansoori, Mariam; Dr: yes", email: "mariam@example.com" } }));
    const attendee = readContentLine(lines.find((line) => line.startsWith("ATTENDEE"))!);
    expect(attendee.params.find(([key]) => key === "CN")?.[1]).toBe("Al Mansoori, Mariam; Dr: yes");
  });
});
