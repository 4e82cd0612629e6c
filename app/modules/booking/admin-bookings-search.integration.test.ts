import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { AdminBookingsQuerySchema, listAllBookings } from "~/modules/booking/admin-bookings.server";
import { createAccount, insertTest } from "~/seed/factories.server";

describe("the admin bookings list's status, date range and patient search", () => {
  it("filters by status, by a range of days and by the patient's name, e-mail or phone", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db, { name: "Thyroid Panel", priceFils: 20000 });
    const row = (patientName: string, patientEmail: string, patientPhone: string | null, scheduledDate: string, status: "pending" | "confirmed" | "cancelled") => ({
      userId: customer.id,
      testId: test.id,
      scheduledDate,
      patientName,
      patientEmail,
      patientPhone,
      status,
    });
    await db.insert(bookings).values([
      row("Aisha Al Mansoori", "aisha@example.com", "+971 50 123 4567", "2026-12-01", "confirmed"),
      row("Omar Haddad", "omar.h@example.org", "+971-4-555-0101", "2026-12-03", "pending"),
      row("Fatima 100%_sure", "fatima@example.com", null, "2026-12-05", "cancelled"),
    ]);
    const names = async (query: Record<string, string>) => {
      const { page, ...filters } = AdminBookingsQuerySchema.parse(query);
      return (await listAllBookings(page, filters)).bookings.map((b) => b.patientName).sort();
    };
    expect(await names({ status: "pending" })).toEqual(["Omar Haddad"]);
    expect(await names({ from: "2026-12-02", to: "2026-12-05" })).toEqual(["Fatima 100%_sure", "Omar Haddad"]);
    expect(await names({ from: "2026-12-03" })).toEqual(["Fatima 100%_sure", "Omar Haddad"]);
    expect(await names({ to: "2026-12-01" })).toEqual(["Aisha Al Mansoori"]);
    expect(await names({ q: "mansoori" })).toEqual(["Aisha Al Mansoori"]);
    expect(await names({ q: "  OMAR.H@  " })).toEqual(["Omar Haddad"]);
    // The phone as typed in the local format, or any run of its digits.
    expect(await names({ q: "050 123 4567" })).toEqual(["Aisha Al Mansoori"]);
    expect(await names({ q: "5550101" })).toEqual(["Omar Haddad"]);
    // % and _ are letters, not wildcards.
    expect(await names({ q: "100%_" })).toEqual(["Fatima 100%_sure"]);
    expect(await names({ q: "a%a" })).toEqual([]);
    expect(await names({ q: "example", status: "confirmed", from: "2026-12-01", to: "2026-12-01" })).toEqual(["Aisha Al Mansoori"]);
    // Anything unexpected is no filter.
    expect(AdminBookingsQuerySchema.parse({ status: "lost", from: "soon", q: "" })).toEqual({ page: 1 });
  });
});
