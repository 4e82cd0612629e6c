import { describe, expect, it } from "vitest";
import { ageOnDay, bookingDayInDubai, doctorNameWithoutTitle, patientAgeOnBooking } from "~/modules/booking/patient-age";

describe("the patient's age on the booking's day", () => {
  it("counts whole years: the day before the birthday one less, the birthday itself one more", () => {
    expect(ageOnDay("1990-06-15", "2026-06-14")).toBe(35);
    expect(ageOnDay("1990-06-15", "2026-06-15")).toBe(36);
    expect(ageOnDay("1990-06-15", "2026-12-31")).toBe(36);
  });

  it("born on 29 February: still the year before on 28 February of a common year, a year older on 1 March", () => {
    expect(ageOnDay("2000-02-29", "2025-02-28")).toBe(24);
    expect(ageOnDay("2000-02-29", "2025-03-01")).toBe(25);
    expect(ageOnDay("2000-02-29", "2028-02-29")).toBe(28);
    expect(ageOnDay("2000-02-29", "2028-02-28")).toBe(27);
  });

  it("a baby: 0 on the day of birth and until the first birthday", () => {
    expect(ageOnDay("2026-01-10", "2026-01-10")).toBe(0);
    expect(ageOnDay("2026-01-10", "2027-01-09")).toBe(0);
    expect(ageOnDay("2026-01-10", "2027-01-10")).toBe(1);
  });

  it("no age rather than a wrong one: no date of birth, a malformed one, or one after the booking's day", () => {
    expect(ageOnDay(null, "2026-01-10")).toBeNull();
    expect(ageOnDay(undefined, "2026-01-10")).toBeNull();
    expect(ageOnDay("", "2026-01-10")).toBeNull();
    expect(ageOnDay("10/01/1990", "2026-01-10")).toBeNull();
    expect(ageOnDay("2026-01-11", "2026-01-10")).toBeNull();
  });

  it("the booking's day is its slot's day in Asia/Dubai (UTC+4), not the UTC day", () => {
    // 21:30 UTC on 14 June is 01:30 on 15 June in Dubai: the birthday.
    const slotStart = new Date("2026-06-14T21:30:00Z");
    expect(bookingDayInDubai({ scheduledDate: "2026-06-15", slotStart })).toBe("2026-06-15");
    expect(patientAgeOnBooking({ patientDateOfBirth: "1990-06-15", scheduledDate: "2026-06-15", slotStart })).toBe(36);
    // A booking made before labs had slots: its scheduled date.
    expect(patientAgeOnBooking({ patientDateOfBirth: "1990-06-15", scheduledDate: "2026-06-14", slotStart: null })).toBe(35);
    expect(patientAgeOnBooking({ patientDateOfBirth: null, scheduledDate: "2026-06-14", slotStart: null })).toBeNull();
  });

  it("is the age on the booking's day, not today's: a booking years ahead counts the years to it", () => {
    expect(patientAgeOnBooking({ patientDateOfBirth: "2010-05-01", scheduledDate: "2030-05-01" })).toBe(20);
  });
});

describe("the referring doctor's name", () => {
  it("drops a title typed with it, so the lab reads Dr once", () => {
    expect(doctorNameWithoutTitle("Dr. Amal Saeed")).toBe("Amal Saeed");
    expect(doctorNameWithoutTitle("dr Amal Saeed")).toBe("Amal Saeed");
    expect(doctorNameWithoutTitle("Doctor Amal")).toBe("Amal");
    expect(doctorNameWithoutTitle("  Drew Carter ")).toBe("Drew Carter");
    expect(doctorNameWithoutTitle("Dr.")).toBe("Dr.");
  });
});
