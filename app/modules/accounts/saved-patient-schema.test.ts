import { describe, expect, it } from "vitest";
import { ageOn, HomeAddressSchema, isEmiratesId, maskEmiratesId, normaliseEmiratesId, SavedPatientSchema } from "~/modules/accounts/saved-patient-schema";

const patient = { fullName: "Mariam Al Hashimi", dateOfBirth: "2015-03-14", sex: "female", phone: "", emiratesId: "" };

describe("saved patients", () => {
  it("accepts an Emirates ID typed with or without dashes and stores it as 784-YYYY-NNNNNNN-N", () => {
    expect(normaliseEmiratesId("784 1990 1234567 6")).toBe("784-1990-1234567-6");
    const parsed = SavedPatientSchema.parse({ ...patient, emiratesId: "784199012345676" });
    expect(parsed.emiratesId).toBe("784-1990-1234567-6");
  });

  it("refuses an Emirates ID with a wrong check digit, country code or birth year", () => {
    expect(isEmiratesId("784-1990-1234567-6")).toBe(true);
    expect(isEmiratesId("784-1990-1234567-5")).toBe(false);
    expect(isEmiratesId("785-1990-1234567-6")).toBe(false);
    expect(isEmiratesId("784-2999-1234567-6", 2026)).toBe(false);
    const refused = SavedPatientSchema.safeParse({ ...patient, emiratesId: "784-1990-123" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe("Please enter the Emirates ID as 784-YYYY-NNNNNNN-N");
  });

  it("leaves the Emirates ID optional and needs name, date of birth and sex", () => {
    expect(SavedPatientSchema.parse(patient).emiratesId).toBeNull();
    const refused = SavedPatientSchema.safeParse({ fullName: " ", dateOfBirth: "2999-01-01", sex: "x" });
    const fields = refused.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["fullName", "dateOfBirth", "sex"]));
  });

  it("shows others only the last digits of an Emirates ID", () => {
    expect(maskEmiratesId("784-1990-1234567-6")).toBe("784-****-***4567-6");
    expect(maskEmiratesId(null)).toBeNull();
  });

  it("counts a patient's age in whole years", () => {
    expect(ageOn("2015-03-14", "2026-03-13")).toBe(10);
    expect(ageOn("2015-03-14", "2026-03-14")).toBe(11);
  });
});

describe("the home-collection address", () => {
  const address = { homeArea: "Al Mushrif", homeBuilding: "Villa 12", homeFlat: "12", homeLandmark: "Near the mosque", phone: "+971 50 123 4567" };

  it("needs the area, building, flat, landmark and a phone number; the map pin is optional", () => {
    expect(HomeAddressSchema.parse(address)).toMatchObject({ ...address, homeLatitude: null, homeLongitude: null });
    const refused = HomeAddressSchema.safeParse({ homeArea: "Al Mushrif" });
    const fields = refused.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["homeBuilding", "homeFlat", "homeLandmark", "phone"]));
  });

  it("takes a map pin only as a whole, real coordinate pair", () => {
    expect(HomeAddressSchema.parse({ ...address, homeLatitude: "24.45", homeLongitude: "54.38" })).toMatchObject({ homeLatitude: 24.45, homeLongitude: 54.38 });
    expect(HomeAddressSchema.safeParse({ ...address, homeLatitude: "24.45" }).success).toBe(false);
    expect(HomeAddressSchema.safeParse({ ...address, homeLatitude: "124", homeLongitude: "54" }).success).toBe(false);
  });
});
