import { createServer } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, jobs, labs, profiles, sentMessages, slotCounts, tests } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { createBooking } from "~/modules/booking/create-booking.server";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs, type JobHandler } from "~/modules/jobs/jobs.server";
import { SEND_NOTIFICATION_JOB, type NotificationPayload } from "~/modules/notifications/notify.server";
import { queueDueReminders } from "~/modules/notifications/reminders.server";
import { sendNotification } from "~/modules/notifications/send-notification.server";
import { SlotUnavailableError } from "~/modules/orders/order-lines.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { parseEnv } from "~/utils/env.server";
import { parseIcs } from "../../../tests/e2e/outbox";
import { patientDetails } from "../../../tests/fakes/patient-details";

const HOUR = 3_600_000;
const PREPARATION = "<p>Fast for 10-12 hours before your sample is taken. Plain water is allowed.</p>";
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "12:00" }])) as OpeningHours;

// Days are counted from the file's start, not from each call: a test that books a day and later
// expects it must get the same day when midnight in Dubai (20:00 UTC) falls between the two.
const startedAt = Date.now();
function dayAhead(days = 3) {
  return new Date(startedAt + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
}

const details = (overrides: Partial<PatientDetails> = {}) => patientDetails("Layla Haddad", { scheduledDate: dayAhead(), ...overrides });

async function labTest(capacity = 4) {
  const lab = await insertLab(db, { name: "Reem Lab", address: "Sky Tower, Al Reem Island", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: capacity });
  const test = await insertTest(db, { name: "Lipid Profile", priceFils: 20_000, preparationInstructions: PREPARATION });
  await db.transaction((tx) => saveOffer(tx, { labId: lab.id, testId: test.id, priceFils: 15_000, resultHours: 24, walkIn: true, homeCollection: false, isActive: true }));
  return { lab, test };
}

async function bookAhead(overrides: Partial<PatientDetails> = {}) {
  const { lab, test } = await labTest();
  const customer = await createAccount(db);
  const booking = await createBooking(customer.id, test.id, { ...details(overrides), labId: lab.id, collectionType: "walk_in" });
  return { lab, test, customer, booking };
}

const notificationJobs = () => db.select().from(jobs).where(eq(jobs.kind, SEND_NOTIFICATION_JOB)).orderBy(jobs.id);
const kindsQueued = async () => (await notificationJobs()).map((job) => (job.payload as NotificationPayload).kind);
const sent = (kind?: string) => db.select().from(sentMessages).where(kind ? eq(sentMessages.kind, kind) : undefined);
/** Runs the worker until nothing is due (recurring sweeps are not created here). */
async function drain(handlers: Record<string, JobHandler> = jobHandlers) {
  while ((await runDueJobs(handlers)) > 0) {
    // keep going
  }
}
/** Moves the app's clock so that `slotStart` is `hours` away. */
const clockBefore = (slotStart: Date, hours: number) => setClockOffset(slotStart.getTime() - hours * HOUR - Date.now());

afterEach(() => setClockOffset(0));

describe("customer messages are jobs of the change's transaction", () => {
  it("a cash-on-delivery order queues its order-received and booking-confirmed messages; the outbox then holds them with the calendar file", async () => {
    const { test } = await labTest();
    const customer = await createAccount(db);
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
    const order = await placeCashOnDeliveryOrder(customer.id, details());
    const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(await kindsQueued()).toEqual(["order_received", "booking_confirmed"]);

    await drain();
    const [received] = await sent("order_received");
    expect(received).toMatchObject({ to: "layla@example.com", transport: "outbox", orderId: order.id, subject: "Order received: AED 300.00 to pay in cash" });
    expect(received.text).toContain("2 × AED 150.00 = AED 300.00");
    expect(received.text).toContain("VAT (5%) included: AED 14.29");
    expect(received.text).toContain("http://localhost:3999/dashboard");

    const [confirmed] = await sent("booking_confirmed");
    expect(confirmed).toMatchObject({ bookingId: booking.id, orderId: order.id });
    expect(confirmed.text).toContain("Fast for 10-12 hours before your sample is taken.");
    expect(confirmed.attachments).toHaveLength(1);
    expect(parseIcs(confirmed.attachments[0].content)).toMatchObject({
      uid: `booking-${booking.id}@localhost`,
      sequence: 0,
      tzid: "Asia/Dubai",
      dtstart: `${dayAhead().replaceAll("-", "")}T090000`,
      dtend: `${dayAhead().replaceAll("-", "")}T093000`,
      location: "Reem Lab, Sky Tower, Al Reem Island",
    });
  });

  it("a customer whose language is Arabic gets the order and the booking messages in Arabic, right to left, with the Arabic names", async () => {
    const { lab, test } = await labTest();
    await db.update(tests).set({ nameAr: "فحص الدهون الشامل", preparationInstructionsAr: "<p>الصيام من 10 إلى 12 ساعة.</p>" }).where(eq(tests.id, test.id));
    await db.update(labs).set({ nameAr: "مختبر الريم" }).where(eq(labs.id, lab.id));
    const customer = await createAccount(db);
    await db.update(profiles).set({ language: "ar" }).where(eq(profiles.id, customer.id));
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    await placeCashOnDeliveryOrder(customer.id, details());
    await drain();

    const [received] = await sent("order_received");
    expect(received.subject).toBe("تم استلام الطلب: ‏150.00 د.إ.‏ تُدفع نقداً");
    expect(received.html).toMatch(/<html dir="rtl" lang="ar"/);
    expect(received.text).toContain("فحص الدهون الشامل · مختبر الريم");
    expect(received.text).toContain("http://localhost:3999/ar/dashboard");
    const [confirmed] = await sent("booking_confirmed");
    expect(confirmed.subject).toMatch(/^تم تأكيد الحجز: فحص الدهون الشامل يوم /);
    expect(confirmed.text).toContain("الصيام من 10 إلى 12 ساعة.");
    expect(parseIcs(confirmed.attachments[0].content).summary).toBe("فحص الدهون الشامل في مختبر الريم");

    // Another customer with the default language still gets English.
    const english = await createAccount(db, { email: "omar@example.com" });
    await changeCart(english.id, { intent: "add", testId: test.id, quantity: 1 });
    await placeCashOnDeliveryOrder(english.id, details({ patientEmail: "omar@example.com" }));
    await drain();
    const messages = await sent("order_received");
    expect(messages.find((message) => message.to === "omar@example.com")?.subject).toBe("Order received: AED 150.00 to pay in cash");
  });

  it("an order that rolls back (its slot is full) queues no message", async () => {
    const { lab, test } = await labTest(1);
    await db.insert(slotCounts).values({ labId: lab.id, collectionType: "walk_in", slotStart: slotStartFor(dayAhead(), "09:00"), capacity: 1, taken: 1 });
    const customer = await createAccount(db);
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    await expect(placeCashOnDeliveryOrder(customer.id, details())).rejects.toBeInstanceOf(SlotUnavailableError);
    expect(await notificationJobs()).toEqual([]);
  });

  it("a job that runs again after its delivery (a crash before it was marked done) does not send twice", async () => {
    await bookAhead();
    const [job] = await notificationJobs();
    await sendNotification(job.payload as NotificationPayload, job);
    await sendNotification(job.payload as NotificationPayload, job);
    // The worker claims it again, as after a lost lease.
    await drain();
    await db.execute(sql`update jobs set done_at = null, run_at = now(), locked_until = null`);
    await drain();
    expect(await sent("booking_confirmed")).toHaveLength(1);
  });

  it("two workers racing over the same jobs send each message once", async () => {
    for (let i = 0; i < 4; i++) await bookAhead({ patientEmail: `patient${i}@example.com` });
    expect(await notificationJobs()).toHaveLength(4);
    await Promise.all([runDueJobs(jobHandlers, "worker-a"), runDueJobs(jobHandlers, "worker-b"), runDueJobs(jobHandlers, "worker-c")]);
    await drain();
    const messages = await sent("booking_confirmed");
    expect(messages).toHaveLength(4);
    expect(new Set(messages.map((message) => message.jobId)).size).toBe(4);
  });

  it("the same job delivered by two calls at once records one message", async () => {
    await bookAhead();
    const [job] = await notificationJobs();
    await Promise.all([sendNotification(job.payload as NotificationPayload, job), sendNotification(job.payload as NotificationPayload, job)]);
    expect(await sent("booking_confirmed")).toHaveLength(1);
  });

  it("a failing SMTP server: the message is retried later with a growing back-off, nothing is recorded as sent", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const smtpEnv = parseEnv({ NODE_ENV: "test", SITE_URL: "http://localhost:3999", SMTP_URL: `smtp://127.0.0.1:${port}` });
    const handlers: Record<string, JobHandler> = {
      [SEND_NOTIFICATION_JOB]: (payload: NotificationPayload, job) => sendNotification(payload, job, smtpEnv),
    };
    await bookAhead();

    expect(await runDueJobs(handlers)).toBe(1);
    let [job] = await notificationJobs();
    expect(job).toMatchObject({ attempts: 1, doneAt: null, deadAt: null });
    expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
    const firstDelay = job.runAt.getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(5_000);

    await db.execute(sql`update jobs set run_at = now()`);
    expect(await runDueJobs(handlers)).toBe(1);
    [job] = await notificationJobs();
    expect(job.attempts).toBe(2);
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(firstDelay);
    expect(await sent()).toEqual([]);
  });
});

describe("the 24-hour reminder", () => {
  it("is queued once when the slot comes within 24 hours, with the test's preparation", async () => {
    const { booking } = await bookAhead();
    const slot = booking.slotStart!;
    expect(booking.reminderQueuedFor).toBeNull();

    clockBefore(slot, 25);
    expect(await queueDueReminders()).toBe(0);
    clockBefore(slot, 23);
    expect(await queueDueReminders()).toBe(1);
    expect(await queueDueReminders()).toBe(0);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.reminderQueuedFor).toEqual(slot);

    await drain();
    const [reminder] = await sent("booking_reminder");
    expect(reminder).toMatchObject({ to: "layla@example.com", bookingId: booking.id, subject: expect.stringMatching(/^Reminder: Lipid Profile on .* at 09:00$/) });
    expect(reminder.text).toContain("Fast for 10-12 hours before your sample is taken. Plain water is allowed.");
  });

  it("a booking made less than 24 hours ahead gets no separate reminder: its confirmation carries the preparation", async () => {
    const slot = slotStartFor(dayAhead(), "09:00");
    clockBefore(slot, 10);
    const { booking } = await bookAhead();
    expect(booking.reminderQueuedFor).toEqual(slot);
    expect(await queueDueReminders()).toBe(0);
    await drain();
    expect(await sent("booking_reminder")).toEqual([]);
    const [confirmed] = await sent("booking_confirmed");
    expect(confirmed.text).toContain("Fast for 10-12 hours");
  });

  it("is not sent after a cancel: neither queued by the sweep nor delivered when queued before", async () => {
    const admin = await createAccount(db);
    const { booking } = await bookAhead();
    const other = await bookAhead({ patientEmail: "omar@example.com" });
    await drain();
    clockBefore(booking.slotStart!, 20);
    // Queued, then cancelled before the worker sends it.
    expect(await queueDueReminders()).toBe(2);
    await db.transaction((tx) => transitionBooking(tx, booking.id, "cancelled", { kind: "admin", id: admin.id }));
    await drain();
    const reminders = await sent("booking_reminder");
    expect(reminders.map((message) => message.bookingId)).toEqual([other.booking.id]);
    // Cancelled before the sweep: not queued at all.
    const late = await bookAhead({ patientEmail: "sara@example.com", scheduledDate: dayAhead(4) });
    await db.transaction((tx) => transitionBooking(tx, late.booking.id, "cancelled", { kind: "admin", id: admin.id }));
    clockBefore(late.booking.slotStart!, 20);
    expect(await queueDueReminders()).toBe(0);
  });

  it("a reminder queued for a slot the booking has left is dropped; the new slot gets its own", async () => {
    const { booking } = await bookAhead();
    const oldSlot = booking.slotStart!;
    clockBefore(oldSlot, 20);
    expect(await queueDueReminders()).toBe(1);
    // Moved an hour later before the reminder went out.
    const newSlot = new Date(oldSlot.getTime() + HOUR);
    await db.update(bookings).set({ slotStart: newSlot, scheduledTime: "10:00" }).where(eq(bookings.id, booking.id));
    await drain();
    expect(await sent("booking_reminder")).toEqual([]);

    expect(await queueDueReminders()).toBe(1);
    await drain();
    const [reminder] = await sent("booking_reminder");
    expect(reminder.subject).toMatch(/at 10:00$/);
    const reminderJobs = (await notificationJobs()).filter((job) => (job.payload as NotificationPayload).kind === "booking_reminder");
    expect(reminderJobs.map((job) => (job.payload as NotificationPayload).slotStart)).toEqual([oldSlot.toISOString(), newSlot.toISOString()]);
  });

  it("the sweep is one transaction: sweeps at once queue each reminder once", async () => {
    const first = await bookAhead();
    await bookAhead({ patientEmail: "omar@example.com" });
    clockBefore(first.booking.slotStart!, 20);
    const counts = await Promise.all([queueDueReminders(), queueDueReminders()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const reminders = await db.select().from(jobs).where(and(eq(jobs.kind, SEND_NOTIFICATION_JOB), sql`${jobs.payload}->>'kind' = 'booking_reminder'`));
    expect(reminders).toHaveLength(2);
  });
});
