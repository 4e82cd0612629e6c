import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { bookings, jobs, webhookSettings } from "~/db/schema";
import { listAllBookings, setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { DELIVER_WEBHOOK_JOB } from "~/modules/webhooks/emit-event.server";

async function makeBooking(patientName: string, createdAt = new Date()) {
  const customer = await createAccount(db);
  const test = await insertTest(db, { name: `Ferritin ${patientName}` });
  const lab = await insertLab(db, { name: "Corniche Lab" });
  const [booking] = await db
    .insert(bookings)
    .values({
      userId: customer.id,
      testId: test.id,
      labId: lab.id,
      scheduledDate: "2026-12-01",
      scheduledTime: "09:00",
      patientName,
      patientEmail: "patient@example.com",
      createdAt,
    })
    .returning();
  return booking;
}

describe("admin bookings", () => {
  it("lists every customer's bookings newest first with test and lab", async () => {
    await makeBooking("Older", new Date(Date.now() - 60_000));
    await makeBooking("Newer");
    const { bookings: rows, total } = await listAllBookings(1);
    expect(total).toBe(2);
    expect(rows.map((row) => row.patientName)).toEqual(["Newer", "Older"]);
    expect(rows[0]).toMatchObject({ testName: "Ferritin Newer", labName: "Corniche Lab", testPriceFils: 10000 });
  });

  it("changes the status and queues booking_updated and booking_completed for subscribed webhooks", async () => {
    await db.insert(webhookSettings).values({
      name: "CRM",
      url: "http://127.0.0.1:9/hook",
      events: ["booking_updated", "booking_completed"],
    });
    const booking = await makeBooking("Hana");
    const updated = await setBookingStatus(booking.id, "completed");
    expect(updated).toMatchObject({ status: "changed", booking: { status: "completed" } });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe("completed");
    const queued = await db.select().from(jobs).where(eq(jobs.kind, DELIVER_WEBHOOK_JOB));
    const types = queued.map((job) => (job.payload as { envelope: { type: string } }).envelope.type).sort();
    expect(types).toEqual(["booking_completed", "booking_updated"]);
  });

  it("an unknown booking changes nothing", async () => {
    expect(await setBookingStatus(crypto.randomUUID(), "cancelled")).toEqual({ status: "not-found" });
    expect(await db.select().from(jobs)).toHaveLength(0);
  });
});
