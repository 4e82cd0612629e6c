import { describe, expect, it } from "vitest";
import { todayInDubai } from "~/utils/dubai-date";
import { PatientDetailsSchema } from "~/modules/booking/schemas";

describe("patient details", () => {
  it("accepts its own parsed output again (details kept between checkout steps)", () => {
    const parsed = PatientDetailsSchema.parse({
      patientName: " Layla ",
      patientEmail: "layla@example.com",
      patientPhone: "",
      notes: "",
      scheduledDate: todayInDubai(),
    });
    expect(parsed).toMatchObject({ patientName: "Layla", patientPhone: null, notes: null, scheduledTime: "09:00" });
    expect(PatientDetailsSchema.parse(parsed)).toEqual(parsed);
  });

  it("'today' is the date in Abu Dhabi, not the server's", () => {
    // 21:30 UTC on 1 Dec is already 2 Dec in Abu Dhabi (UTC+4).
    expect(todayInDubai(new Date("2026-12-01T21:30:00Z"))).toBe("2026-12-02");
  });
});
