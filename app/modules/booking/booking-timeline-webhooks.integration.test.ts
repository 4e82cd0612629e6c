import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, webhookLogs, webhookSettings } from "~/db/schema";
import { bookingTimeline } from "~/modules/booking/booking-timeline.server";
import { createAccount } from "~/seed/factories.server";

describe("a booking's timeline of webhook deliveries", () => {
  it("shows one entry per event and receiver with the count of attempts and the last result", async () => {
    const customer = await createAccount(db);
    const [booking] = await db
      .insert(bookings)
      .values({ userId: customer.id, scheduledDate: "2026-12-01", patientName: "Layla", patientEmail: "layla@example.com" })
      .returning();
    const [crm, erp] = await db
      .insert(webhookSettings)
      .values([
        { name: "CRM", url: "https://crm.example.com/hook", events: ["booking_updated"] },
        { name: "ERP", url: "https://erp.example.com/hook", events: ["booking_updated"] },
      ])
      .returning();
    const updated = crypto.randomUUID();
    const cancelled = crypto.randomUUID();
    const start = Date.parse("2026-11-20T08:00:00Z");
    const attempt = (webhookId: string, eventId: string, eventType: string, minute: number, status: "success" | "failed", responseCode: number | null) => ({
      webhookId,
      bookingId: booking.id,
      eventType,
      status,
      responseCode,
      error: status === "failed" ? `HTTP ${responseCode}` : null,
      payload: { id: eventId, type: eventType },
      createdAt: new Date(start + minute * 60_000),
    });
    // The CRM refused booking_updated 40 times, then took it; the ERP took it at once; the CRM still refuses booking_cancelled.
    await db.insert(webhookLogs).values([
      ...Array.from({ length: 40 }, (_, i) => attempt(crm.id, updated, "booking_updated", i, "failed", 500)),
      attempt(crm.id, updated, "booking_updated", 41, "success", 200),
      attempt(erp.id, updated, "booking_updated", 0, "success", 200),
      attempt(crm.id, cancelled, "booking_cancelled", 50, "failed", 503),
      attempt(crm.id, cancelled, "booking_cancelled", 52, "failed", 502),
    ]);

    const entries = (await bookingTimeline(booking.id, null)).filter((entry) => entry.type === "webhook");
    expect(entries.map((entry) => entry.type === "webhook" && [entry.webhookName, entry.eventType, entry.attempts, entry.status, entry.responseCode])).toEqual([
      ["CRM", "booking_updated", 41, "success", 200],
      ["ERP", "booking_updated", 1, "success", 200],
      ["CRM", "booking_cancelled", 2, "failed", 502],
    ]);
    const last = entries.at(-1)!;
    expect(last.at.toISOString()).toBe(new Date(start + 50 * 60_000).toISOString());
    expect(last.type === "webhook" && last.lastAt.toISOString()).toBe(new Date(start + 52 * 60_000).toISOString());
  });
});
