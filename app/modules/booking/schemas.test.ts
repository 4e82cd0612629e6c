import { describe, expect, it } from "vitest";
import { todayInDubai } from "~/utils/dubai-date";
import { BookingFormSchema, PatientDetailsSchema } from "~/modules/booking/schemas";

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

describe("booking choices", () => {
  const base = { patientName: "Layla", patientEmail: "layla@example.com", scheduledDate: todayInDubai() };
  it("default to no lab (the cheapest) and walk-in", () => {
    expect(BookingFormSchema.parse(base)).toMatchObject({ labId: null, collectionType: "walk_in", homeAddress: null, homeArea: null });
  });
  it("home collection needs an address and an area", () => {
    const parsed = BookingFormSchema.safeParse({ ...base, collectionType: "home" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.flatten().fieldErrors).toMatchObject({
      homeAddress: ["Please enter the address for home collection"],
      homeArea: ["Please choose your area"],
    });
    expect(BookingFormSchema.safeParse({ ...base, labId: "not-a-lab" }).error?.flatten().fieldErrors).toMatchObject({ labId: ["Please choose a lab"] });
  });
});
