import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { AdminBookingsQuerySchema, listAllBookings } from "~/modules/booking/admin-bookings.server";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";

describe("the admin bookings list's lab, collection and date filters", () => {
  it("lists the lab and collection type of each booking and filters by them and by day", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db, { name: "Thyroid Panel", priceFils: 20000 });
    const reem = await insertLab(db, { name: "Al Reem Diagnostics" });
    const ain = await insertLab(db, { name: "Al Ain Lab" });
    const row = (patientName: string, labId: string | null, collectionType: "walk_in" | "home" | null, scheduledDate = "2026-12-01") => ({
      userId: customer.id,
      testId: test.id,
      labId,
      collectionType,
      scheduledDate,
      patientName,
      patientEmail: "p@example.com",
      homeArea: collectionType === "home" ? "Al Reem Island" : null,
      priceFils: labId ? 15000 : null,
    });
    await db.insert(bookings).values([
      row("Home at Reem", reem.id, "home"),
      row("Walk-in at Reem", reem.id, "walk_in", "2026-12-02"),
      row("Walk-in at Ain", ain.id, "walk_in"),
      row("Before labs", null, null),
    ]);

    const names = async (filters: Parameters<typeof listAllBookings>[1]) => (await listAllBookings(1, filters)).bookings.map((b) => b.patientName).sort();
    expect(await names({ lab: reem.id })).toEqual(["Home at Reem", "Walk-in at Reem"]);
    expect(await names({ type: "home" })).toEqual(["Home at Reem"]);
    // A booking from before labs had slots counts as a walk-in.
    expect(await names({ type: "walk_in" })).toEqual(["Before labs", "Walk-in at Ain", "Walk-in at Reem"]);
    expect(await names({ lab: reem.id, date: "2026-12-01" })).toEqual(["Home at Reem"]);
    expect((await listAllBookings(1, { lab: ain.id })).total).toBe(1);

    const [home] = (await listAllBookings(1, { type: "home" })).bookings;
    expect(home).toMatchObject({ labName: "Al Reem Diagnostics", collectionType: "home", homeArea: "Al Reem Island", bookedPriceFils: 15000, testPriceFils: 20000 });

    // The URL's filters: anything unexpected is no filter.
    expect(AdminBookingsQuerySchema.parse({ lab: "x", type: "drive-through", date: "2026-13-40", page: "2" })).toEqual({ page: 2 });
    expect(AdminBookingsQuerySchema.parse({ lab: reem.id, type: "home", date: "2026-12-01" })).toEqual({ page: 1, lab: reem.id, type: "home", date: "2026-12-01" });
  });
});
