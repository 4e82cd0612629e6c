import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, slotCounts } from "~/db/schema";
import { labDay } from "~/modules/slots/lab-day.server";
import { slotStartFor } from "~/modules/slots/schedule";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";

const DAY = "2026-12-01"; // a Tuesday

const hours = { sun: null, mon: null, tue: { open: "09:00", close: "11:00" }, wed: null, thu: null, fri: null, sat: null };

async function booking(input: { labId: string; testId: string; userId: string; time: string; status?: "pending" | "confirmed" | "cancelled"; type?: "walk_in" | "home"; slot?: boolean; name: string }) {
  await db.insert(bookings).values({
    labId: input.labId,
    testId: input.testId,
    userId: input.userId,
    scheduledDate: DAY,
    scheduledTime: input.time,
    patientName: input.name,
    patientEmail: "patient@example.com",
    status: input.status ?? "pending",
    collectionType: input.slot === false ? null : (input.type ?? "walk_in"),
    slotStart: input.slot === false ? null : slotStartFor(DAY, input.time),
  });
}

describe("a lab's day view", () => {
  it("shows each slot's capacity with booked, held and free counts and the bookings in it", async () => {
    const lab = await insertLab(db, { name: "Khalifa City Lab", openingHours: hours, walkInSlotMinutes: 30, walkInCapacity: 4, homeSlotMinutes: 60, homeCapacity: 2 });
    const test = await insertTest(db, { name: "Lipid Profile" });
    const customer = await createAccount(db);
    const base = { labId: lab.id, testId: test.id, userId: customer.id };
    await db.insert(slotCounts).values([
      // 09:00: two bookings and one card payment still holding.
      { labId: lab.id, collectionType: "walk_in", slotStart: slotStartFor(DAY, "09:00"), capacity: 4, taken: 3 },
      // 10:00: full, all of it held by card payments.
      { labId: lab.id, collectionType: "walk_in", slotStart: slotStartFor(DAY, "10:00"), capacity: 4, taken: 4 },
      { labId: lab.id, collectionType: "home", slotStart: slotStartFor(DAY, "09:00"), capacity: 2, taken: 1 },
    ]);
    await booking({ ...base, time: "09:00", name: "Aisha", status: "confirmed" });
    await booking({ ...base, time: "09:00", name: "Omar" });
    await booking({ ...base, time: "09:00", name: "Cancelled Carl", status: "cancelled" });
    await booking({ ...base, time: "09:00", name: "Hana at home", type: "home" });
    await booking({ ...base, time: "08:00", name: "Before hours changed" });
    await booking({ ...base, time: "12:00", name: "No slot", slot: false });

    const walkIn = await labDay(lab.id, "walk_in", DAY);
    expect(walkIn?.slots.map((slot) => [slot.time, slot.capacity, slot.booked, slot.held, slot.free, slot.offSchedule])).toEqual([
      ["08:00", 4, 1, 0, 4, true],
      ["09:00", 4, 2, 1, 1, false],
      ["09:30", 4, 0, 0, 4, false],
      ["10:00", 4, 0, 4, 0, false],
      ["10:30", 4, 0, 0, 4, false],
    ]);
    const nine = walkIn!.slots[1];
    expect(nine.bookings.map((b) => [b.patientName, b.testName, b.status])).toEqual([
      ["Aisha", "Lipid Profile", "confirmed"],
      ["Omar", "Lipid Profile", "pending"],
      ["Cancelled Carl", "Lipid Profile", "cancelled"],
    ]);
    expect(walkIn?.withoutSlot.map((b) => b.patientName)).toEqual(["No slot"]);
    expect(walkIn?.totals).toEqual({ capacity: 20, booked: 3, held: 5, free: 13 });

    const home = await labDay(lab.id, "home", DAY);
    expect(home?.slots.map((slot) => [slot.time, slot.booked, slot.held, slot.free, slot.bookings.map((b) => b.patientName)])).toEqual([
      ["09:00", 1, 0, 1, ["Hana at home"]],
      ["10:00", 0, 0, 2, []],
    ]);
    // Closed on Wednesday.
    expect((await labDay(lab.id, "walk_in", "2026-12-02"))?.slots).toEqual([]);
    expect(await labDay(crypto.randomUUID(), "walk_in", DAY)).toBeNull();
  });
});
