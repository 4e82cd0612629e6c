import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, jobs, sentMessages } from "~/db/schema";
import { createAccount, insertTest } from "~/seed/factories.server";
import { resendMessage } from "~/modules/notifications/resend.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { action } from "~/routes/admin/booking";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

type Args = Parameters<typeof action>[0];

/** A booking and its confirmation, delivered by a (finished) send-notification job. */
async function deliveredConfirmation() {
  const customer = await createAccount(db);
  const test = await insertTest(db);
  const [booking] = await db
    .insert(bookings)
    .values({ userId: customer.id, testId: test.id, scheduledDate: "2026-12-01", patientName: "Noura", patientEmail: "noura@example.com" })
    .returning();
  const payload = { kind: "booking_confirmed", bookingId: booking.id, siteUrl: "http://localhost:3999" };
  const [job] = await db
    .insert(jobs)
    .values({ kind: SEND_NOTIFICATION_JOB, payload, dedupeKey: `booking_confirmed:${booking.id}`, doneAt: new Date() })
    .returning();
  const [message] = await db
    .insert(sentMessages)
    .values({
      kind: "booking_confirmed",
      to: "noura@example.com",
      subject: "Your booking is confirmed",
      transport: "outbox",
      text: "See you soon",
      bookingId: booking.id,
      jobId: job.id,
    })
    .returning();
  return { booking, payload, job, message };
}

const queuedResends = () => db.select().from(jobs).where(eq(jobs.kind, SEND_NOTIFICATION_JOB)).orderBy(jobs.id);

async function postAs(account: { email: string; password: string }, bookingId: string, fields: Record<string, string>) {
  const request = await signedInAs(account);
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return routeOutcome(() => action(routeArgs<Args>(request(`/admin/bookings/${bookingId}`, { method: "POST", body }), { bookingId })));
}

describe("resending a message", () => {
  it("queues a new send-notification job with the same payload, naming the admin", async () => {
    const admin = await createAccount(db, { admin: true });
    const { payload, message } = await deliveredConfirmation();
    expect(await resendMessage(message.id, { id: admin.id, isAdmin: true })).toBe("queued");
    const [, resent] = await queuedResends();
    expect(resent.payload).toEqual({ ...payload, resentBy: admin.id });
    expect(resent.dedupeKey).toMatch(new RegExp(`^resend:${message.id}:[0-9a-f-]{36}$`));
    expect(resent.doneAt).toBeNull();

    // Resending the resent message keeps the payload, with the latest admin.
    const other = await createAccount(db, { admin: true });
    const [resentRow] = await db
      .insert(sentMessages)
      .values({ kind: "booking_confirmed", to: "noura@example.com", subject: "Again", transport: "outbox", jobId: resent.id })
      .returning();
    expect(await resendMessage(resentRow.id, { id: other.id, isAdmin: true })).toBe("queued");
    expect((await queuedResends())[2].payload).toEqual({ ...payload, resentBy: other.id });
  });

  it("from the booking page: a double-click (same form token) queues once, a later click again", async () => {
    const admin = await createAccount(db, { admin: true });
    const { booking, message } = await deliveredConfirmation();
    const token = crypto.randomUUID();
    const first = await postAs(admin, booking.id, { intent: "resend", messageId: message.id, token });
    expect(first).toMatchObject({ status: 200, body: { ok: true, toast: { title: "Message queued" } } });
    const again = await postAs(admin, booking.id, { intent: "resend", messageId: message.id, token });
    expect(again.status).toBe(200);
    expect(await queuedResends()).toHaveLength(2);
    await postAs(admin, booking.id, { intent: "resend", messageId: message.id, token: crypto.randomUUID() });
    expect(await queuedResends()).toHaveLength(3);
  });

  it("refuses account e-mails (no notification job) and unknown messages, queueing nothing", async () => {
    const admin = await createAccount(db, { admin: true });
    const { booking } = await deliveredConfirmation();
    const [account] = await db
      .insert(sentMessages)
      .values({ kind: "account", to: "noura@example.com", subject: "Reset your password", transport: "outbox", text: "secret link" })
      .returning();
    expect(await resendMessage(account.id, { id: admin.id, isAdmin: true })).toBe("not-resendable");
    expect(await resendMessage(crypto.randomUUID(), { id: admin.id, isAdmin: true })).toBe("not-found");
    const refused = await postAs(admin, booking.id, { intent: "resend", messageId: account.id, token: crypto.randomUUID() });
    expect(refused).toMatchObject({ status: 409, body: { ok: false, toast: { title: "Failed to resend message" } } });
    const malformed = await postAs(admin, booking.id, { intent: "resend", messageId: "not-an-id", token: "x" });
    expect(malformed.status).toBe(400);
    // An unknown or malformed booking address: 404, nothing done.
    for (const bookingId of [crypto.randomUUID(), "not-a-booking"]) {
      expect((await postAs(admin, bookingId, { intent: "status", status: "cancelled" })).status).toBe(404);
    }
    expect(await queuedResends()).toHaveLength(1);
  });

  it("a customer (not an admin) is sent away and nothing is queued", async () => {
    const customer = await createAccount(db);
    const { booking, message } = await deliveredConfirmation();
    const outcome = await postAs(customer, booking.id, { intent: "resend", messageId: message.id, token: crypto.randomUUID() });
    expect(outcome).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await resendMessage(message.id, { id: customer.id, isAdmin: false })).toBe("forbidden");
    expect(await queuedResends()).toHaveLength(1);
  });
});
