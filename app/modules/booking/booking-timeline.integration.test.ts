import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, demoPaymentSessions, jobs, paymentRefunds, sentMessages, webhookSettings } from "~/db/schema";
import { createAccount, insertTest } from "~/seed/factories.server";
import { setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { actorLabel, changeTitle, type TimelineEntry } from "~/modules/booking/booking-timeline";
import { bookingForAdmin } from "~/modules/booking/booking-timeline.server";
import { changeCart } from "~/modules/cart/cart.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { recordStatusChanges } from "~/modules/lifecycle/status-history.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { deliverWebhook } from "~/modules/webhooks/deliver-webhook.server";
import type { DeliverWebhookPayload } from "~/modules/webhooks/emit-event.server";
import { todayInDubai } from "~/utils/dubai-date";
import { parseEnv } from "~/utils/env.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

// Days count from the file's start, so that a run crossing midnight in Dubai (20:00 UTC) keeps one date.
const startedAt = Date.now();

const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const daysAhead = (days: number) => todayInDubai(new Date(startedAt + days * 86_400_000));

/** A card order paid through the demo provider: its booking is created by the payment. */
async function paidBooking() {
  const customer = await createAccount(db, { email: "layla@example.com", name: "Layla Haddad" });
  const test = await insertTest(db, { name: "Vitamin D", priceFils: 15_000 });
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
  const { orderId } = await startCardPayment(demoProvider(env), customer.id, patientDetails("Layla Haddad", { scheduledDate: daysAhead(3) }), env);
  const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.orderId, orderId));
  await settleDemoSession(session.id, "paid");
  await confirmPayment(demoProvider(env), session.id, customer.id);
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, orderId));
  return { customer, test, orderId, booking };
}

const describeEntry = (entry: TimelineEntry) =>
  entry.type === "change"
    ? `${changeTitle(entry)} | ${actorLabel(entry.actor)}`
    : entry.type === "message"
      ? `message ${entry.kind} to ${entry.to}${entry.resendable ? " (resendable)" : ""} | ${actorLabel(entry.actor)}`
      : `webhook ${entry.eventType} ${entry.status} ${entry.responseCode ?? "-"} | ${actorLabel(entry.actor)}`;

describe("a booking's timeline", () => {
  it("lists creation, payment, status changes, reschedules, messages and webhook deliveries oldest first, each with who", async () => {
    const { customer, orderId, booking } = await paidBooking();
    const admin = await createAccount(db, { admin: true, email: "sara@labtesthub.ae", name: "Sara Admin" });
    // A sibling booking of the same order: none of its history belongs here.
    const [sibling] = await db
      .insert(bookings)
      .values({ userId: customer.id, orderId, scheduledDate: booking.scheduledDate, patientName: "Omar", patientEmail: "omar@example.com" })
      .returning();
    await recordStatusChanges(db, { kind: "admin", id: admin.id }, [
      { subject: "booking", subjectId: sibling.id, field: "status", from: "pending", to: "cancelled", reason: "admin" },
    ]);

    expect(await setBookingStatus(booking.id, "confirmed", admin.id)).toMatchObject({ status: "changed" });
    await recordStatusChanges(db, { kind: "customer", id: customer.id }, [
      {
        subject: "booking",
        subjectId: booking.id,
        field: "schedule",
        from: `${booking.scheduledDate} 09:00 · Corniche Lab`,
        to: `${booking.scheduledDate} 11:00 · Corniche Lab`,
        reason: "reschedule",
      },
    ]);

    // Messages: the booking's own (sent by a notification job, then resent by the admin), the
    // order's, and others that are not this booking's.
    const [job] = await db
      .insert(jobs)
      .values({ kind: SEND_NOTIFICATION_JOB, payload: { kind: "booking_confirmed", bookingId: booking.id }, doneAt: new Date() })
      .returning();
    const [resendJob] = await db
      .insert(jobs)
      .values({ kind: SEND_NOTIFICATION_JOB, payload: { kind: "booking_confirmed", bookingId: booking.id, resentBy: admin.id }, doneAt: new Date() })
      .returning();
    const message = (values: Partial<typeof sentMessages.$inferInsert>) =>
      db.insert(sentMessages).values({ kind: "booking_confirmed", to: "layla@example.com", subject: "Booking confirmed", transport: "outbox", ...values });
    await message({ kind: "payment_received", subject: "Payment received", orderId, jobId: null });
    await message({ orderId, bookingId: booking.id, jobId: job.id });
    await message({ orderId, bookingId: booking.id, jobId: resendJob.id, transport: "smtp" });
    await message({ orderId, bookingId: sibling.id, jobId: null });
    await message({ kind: "account", subject: "Verify your e-mail", jobId: null });

    // A webhook delivery of the booking's event, through the real delivery (a refused test address).
    const [webhook] = await db
      .insert(webhookSettings)
      .values({ name: "CRM", url: "http://127.0.0.1:9/hook", events: ["booking_updated"] })
      .returning();
    const envelope = { id: crypto.randomUUID(), type: "booking_updated", version: 1, created_at: new Date().toISOString(), data: { booking: { id: booking.id } } };
    await deliverWebhook({ webhookId: webhook.id, envelope } as unknown as DeliverWebhookPayload, { idempotencyKey: "1", allowPrivateAddresses: false });

    const page = await bookingForAdmin(booking.id);
    expect(page?.booking).toMatchObject({ id: booking.id, status: "confirmed", orderId, paymentStatus: "paid", paymentMethod: "stripe", overdue: false });
    expect(page!.timeline.map(describeEntry)).toEqual([
      "Booking created | Payment provider",
      "Paid | Payment provider",
      "Status changed: pending → confirmed | Admin · sara@labtesthub.ae (Sara Admin)",
      "Rescheduled | Customer · layla@example.com (Layla Haddad)",
      "message payment_received to layla@example.com | System",
      "message booking_confirmed to layla@example.com (resendable) | System",
      "message booking_confirmed to layla@example.com (resendable) | Admin · sara@labtesthub.ae (Sara Admin)",
      "webhook booking_updated failed - | System",
    ]);
    const times = page!.timeline.map((entry) => entry.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const reschedule = page!.timeline.find((entry) => entry.type === "change" && entry.field === "schedule");
    expect(reschedule).toMatchObject({ from: `${booking.scheduledDate} 09:00 · Corniche Lab`, to: `${booking.scheduledDate} 11:00 · Corniche Lab` });
    const delivery = page!.timeline.at(-1);
    expect(delivery).toMatchObject({ type: "webhook", webhookName: "CRM", redeliverable: true });
  });

  it("shows the booking's refunds and its whole order's, not a sibling booking's; an unknown booking is null", async () => {
    const { customer, orderId, booking } = await paidBooking();
    const [sibling] = await db
      .insert(bookings)
      .values({ userId: customer.id, orderId, scheduledDate: booking.scheduledDate, patientName: "Omar", patientEmail: "omar@example.com" })
      .returning();
    const refund = (values: Partial<typeof paymentRefunds.$inferInsert>) =>
      db.insert(paymentRefunds).values({ orderId, amountFils: 1_000, reason: "booking_cancelled", idempotencyKey: crypto.randomUUID(), ...values });
    await refund({ bookingId: booking.id, amountFils: 15_000 });
    await refund({ bookingId: sibling.id, amountFils: 9_000 });
    await refund({ bookingId: null, amountFils: 2_000, reason: "late_payment" });
    const page = await bookingForAdmin(booking.id);
    expect(page!.refunds.map((row) => [row.amountFils, row.reason])).toEqual([
      [15_000, "booking_cancelled"],
      [2_000, "late_payment"],
    ]);
    expect(await bookingForAdmin(crypto.randomUUID())).toBeNull();
    expect(await db.select().from(bookings).where(and(eq(bookings.id, booking.id), eq(bookings.status, "pending")))).toHaveLength(1);
  });
});
