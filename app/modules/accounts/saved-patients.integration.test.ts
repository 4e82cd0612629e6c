import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { profileSectionAction } from "~/modules/accounts/profile-actions.server";
import { getSavedHomeAddress, listSavedPatients, patientForOthers, savedPatientsByIds } from "~/modules/accounts/saved-patients.server";

const form = (fields: Record<string, string>) => fields;
const status = (response: unknown) => (response as { init?: { status?: number } | null }).init?.status ?? 200;

describe("saved patients and the home address on the profile", () => {
  it("keeps the holder and family members once, the holder first, each account only its own", async () => {
    const owner = await createAccount(db);
    const other = await createAccount(db);
    await profileSectionAction(owner.id, form({ intent: "patient-save", fullName: "Omar Saeed", dateOfBirth: "2018-06-01", sex: "male" }));
    await profileSectionAction(
      owner.id,
      form({ intent: "patient-save", fullName: "Aisha Saeed", dateOfBirth: "1988-01-20", sex: "female", emiratesId: "784-1988-1234567-0", isAccountHolder: "on" }),
    );
    const patients = await listSavedPatients(owner.id);
    expect(patients.map((patient) => patient.fullName)).toEqual(["Aisha Saeed", "Omar Saeed"]);
    expect(await listSavedPatients(other.id)).toEqual([]);

    // Another account's patient id is not found: not changed, not removed, not picked.
    const omar = patients[1];
    expect(status(await profileSectionAction(other.id, form({ intent: "patient-save", patientId: omar.id, fullName: "X", dateOfBirth: "2000-01-01", sex: "male" })))).toBe(404);
    expect(status(await profileSectionAction(other.id, form({ intent: "patient-delete", patientId: omar.id })))).toBe(404);
    expect((await savedPatientsByIds(other.id, [omar.id])).size).toBe(0);
    expect((await listSavedPatients(owner.id)).find((patient) => patient.id === omar.id)?.fullName).toBe("Omar Saeed");

    expect(status(await profileSectionAction(owner.id, form({ intent: "patient-delete", patientId: omar.id })))).toBe(200);
    expect((await listSavedPatients(owner.id)).map((patient) => patient.fullName)).toEqual(["Aisha Saeed"]);
  });

  it("refuses a malformed Emirates ID with the format in the message, and masks it for others", async () => {
    const owner = await createAccount(db);
    const refused = await profileSectionAction(owner.id, form({ intent: "patient-save", fullName: "Aisha", dateOfBirth: "1988-01-20", sex: "female", emiratesId: "784-12" }));
    expect(status(refused)).toBe(400);
    expect(JSON.stringify(refused)).toContain("784-YYYY-NNNNNNN-N");
    expect(await listSavedPatients(owner.id)).toEqual([]);
    expect(patientForOthers({ emiratesId: "784-1990-1234567-6" }).emiratesId).toBe("784-****-***4567-6");
  });

  it("saves the home-collection address and phone for next time", async () => {
    const owner = await createAccount(db);
    const incomplete = await profileSectionAction(owner.id, form({ intent: "home-address", homeArea: "Al Mushrif", phone: "" }));
    expect(status(incomplete)).toBe(400);
    await profileSectionAction(
      owner.id,
      form({ intent: "home-address", homeArea: "Al Mushrif", homeBuilding: "Villa 12", homeFlat: "12", homeLandmark: "Mushrif Mall", phone: "+971501234567", homeLatitude: "24.44", homeLongitude: "54.39" }),
    );
    expect(await getSavedHomeAddress(owner.id)).toEqual({
      homeArea: "Al Mushrif",
      homeBuilding: "Villa 12",
      homeFlat: "12",
      homeLandmark: "Mushrif Mall",
      homeLatitude: 24.44,
      homeLongitude: 54.39,
      phone: "+971501234567",
    });
  });
});
