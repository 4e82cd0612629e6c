import { describe, expect, it } from "vitest";
import { NEARBY_VISIT_MINUTES, nearbyVisits } from "~/modules/slots/nearby-visits";

const at = (time: string) => new Date(`2026-12-03T${time}:00+04:00`);
let next = 0;
const visit = (time: string, place: { labId: string; type?: "walk_in" | "home"; homeArea?: string; homeAddress?: string }, extra: { patientName?: string } = {}) => ({
  id: `b${++next}`,
  patientName: extra.patientName ?? "Omar Haddad",
  slotStart: at(time),
  labId: place.labId,
  type: place.type ?? "walk_in",
  homeArea: place.homeArea ?? null,
  homeAddress: place.homeAddress ?? null,
});

describe("a patient's visits at two places close in time", () => {
  it("points each out to the other, whichever is first", () => {
    const walkIn = visit("09:00", { labId: "reem" });
    const home = visit("10:00", { labId: "saadiyat", type: "home", homeArea: "Khalifa City", homeAddress: "Villa 12" });
    const nearby = nearbyVisits([walkIn, home]);
    expect(nearby.get(walkIn.id)).toBe(home);
    expect(nearby.get(home.id)).toBe(walkIn);
  });

  it(`stops at ${NEARBY_VISIT_MINUTES} minutes apart`, () => {
    const first = visit("09:00", { labId: "reem" });
    const within = visit("10:30", { labId: "mangrove" });
    const beyond = visit("10:31", { labId: "ruwais" });
    expect(nearbyVisits([first, within]).get(first.id)).toBe(within);
    expect(nearbyVisits([first, beyond]).size).toBe(0);
  });

  it("names the closest of several", () => {
    const walkIn = visit("12:00", { labId: "reem" });
    const far = visit("10:45", { labId: "mangrove" });
    const close = visit("12:30", { labId: "ruwais" });
    expect(nearbyVisits([far, walkIn, close]).get(walkIn.id)).toBe(close);
  });

  it("counts a walk-in and a home visit of one lab, and two home addresses, as two places", () => {
    const walkIn = visit("09:00", { labId: "reem" });
    const home = visit("09:30", { labId: "reem", type: "home", homeArea: "Al Reem Island", homeAddress: "Tower 3" });
    const otherHome = visit("10:00", { labId: "reem", type: "home", homeArea: "Al Reem Island", homeAddress: "Tower 9" });
    const nearby = nearbyVisits([walkIn, home, otherHome]);
    expect(nearby.get(walkIn.id)).toBe(home);
    expect(nearby.get(otherHome.id)).toBe(home);
  });

  it("says nothing of one place, of another patient, or of the same moment (refused when booking)", () => {
    const first = visit("09:00", { labId: "reem" });
    const samePlace = visit("09:30", { labId: "reem" });
    const samePlaceOtherSpelling = visit("09:30", { labId: "saadiyat", type: "home", homeArea: "Khalifa City", homeAddress: "Villa 12" }, { patientName: "mariam  SAEED" });
    const mariam = visit("10:00", { labId: "saadiyat", type: "home", homeArea: "khalifa city", homeAddress: " Villa 12 " }, { patientName: "Mariam Saeed" });
    const sameMoment = visit("09:00", { labId: "ruwais" }, { patientName: "Layla Haddad" });
    const otherSameMoment = visit("09:00", { labId: "mangrove" }, { patientName: "Layla Haddad" });
    expect([...nearbyVisits([first, samePlace, samePlaceOtherSpelling, mariam, sameMoment, otherSameMoment]).keys()]).toEqual([]);
  });

  it("reads a slot given as text (the page's data)", () => {
    const first = { ...visit("09:00", { labId: "reem" }), slotStart: at("09:00").toISOString() };
    const second = { ...visit("09:20", { labId: "mangrove" }), slotStart: at("09:20").toISOString() };
    expect(nearbyVisits([first, second]).get(first.id)).toBe(second);
  });
});
