import { describe, expect, it } from "vitest";
import { LabFormSchema, LabProfileFormSchema } from "~/modules/catalog/schemas";

describe("the lab profile form (partner portal)", () => {
  it("reads closed days one per line or comma-separated, each once and in order; refuses what is not a date", () => {
    const parsed = LabProfileFormSchema.parse({ closedDates: "2026-03-21\n2026-03-20, 2026-03-21  2026-06-06" });
    expect(parsed.closedDates).toEqual(["2026-03-20", "2026-03-21", "2026-06-06"]);
    expect(LabProfileFormSchema.parse({}).closedDates).toEqual([]);
    const refused = LabProfileFormSchema.safeParse({ closedDates: "2026-02-30" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["closedDates"], message: "Enter each closed day as a date, e.g. 2026-03-20" });
  });

  it("shares the lab form's rules for hours and home collection, and leaves the name, status and location to the admins", () => {
    const refused = LabProfileFormSchema.safeParse({ monOpen: "18:00", monClose: "08:00", homeCollectionFee: "40" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["Monday must close after it opens", "List the areas the home collection serves"]);
    const profile = LabProfileFormSchema.parse({ name: "Renamed", isActive: "false", latitude: "1", monOpen: "08:00", monClose: "18:00" });
    expect(profile).not.toHaveProperty("name");
    expect(profile).not.toHaveProperty("isActive");
    expect(profile).not.toHaveProperty("latitude");
    expect(profile.openingHours?.mon).toEqual({ open: "08:00", close: "18:00" });
    // The admin's form still reads everything it did.
    expect(LabFormSchema.parse({ name: "Lab", monOpen: "08:00", monClose: "18:00" })).toMatchObject({ name: "Lab", openingHours: { mon: { open: "08:00", close: "18:00" } } });
  });
});
