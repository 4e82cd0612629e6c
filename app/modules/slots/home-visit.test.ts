import { describe, expect, it } from "vitest";
import { homeAddressKey, homeVisitKey } from "~/modules/slots/home-visit";

describe("a home-collection visit (decision 0029)", () => {
  const start = new Date("2026-12-01T06:00:00.000Z");
  const visit = { labId: "lab-1", slotStart: start, homeArea: "Al Reem Island", homeAddress: "Tower 3, Flat 1204" };

  it("is the same visit for the same lab, slot and address, spaces and capitals aside", () => {
    expect(homeVisitKey({ ...visit, homeAddress: "  tower 3,   FLAT 1204 " })).toBe(homeVisitKey(visit));
    expect(homeAddressKey(" al reem island", "Tower 3, Flat 1204")).toBe(homeAddressKey("Al Reem Island", "tower 3, flat 1204"));
  });

  it("is another visit at another address, area, slot or lab", () => {
    for (const other of [
      { ...visit, homeAddress: "Villa 12, Street 5" },
      { ...visit, homeArea: "Khalifa City" },
      { ...visit, slotStart: new Date(start.getTime() + 3_600_000) },
      { ...visit, labId: "lab-2" },
    ]) {
      expect(homeVisitKey(other)).not.toBe(homeVisitKey(visit));
    }
  });
});
