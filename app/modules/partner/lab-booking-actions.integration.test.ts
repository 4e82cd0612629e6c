import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, jobs, orders, paymentRefunds, slotCounts, statusChanges, webhookSettings } from "~/db/schema";
import { setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { actorLabel } from "~/modules/booking/booking-timeline";
import { bookingTimeline } from "~/modules/booking/booking-timeline.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { bookingsForUser } from "~/modules/orders/order-history.server";
import { actOnLabBooking, BOOKING_NOT_FOUND, runLabBookingAction } from "~/modules/partner/lab-booking-actions.server";
import { NO_SHOW_TOO_EARLY_MESSAGE, SAMPLE_TOO_EARLY_MESSAGE } from "~/modules/partner/lab-booking-rules";
import type { LabScope } from "~/modules/partner/lab-scope.server";
import { labWorklist } from "~/modules/partner/worklist.server";
import { setClockOffset } from "~/modules/slots/clock.server";
import { slotStartFor } from "~/modules/slots/schedule";
import { DELIVER_WEBHOOK_JOB } from "~/modules/webhooks/emit-event.server";
import { cardBooking, codBooking, demoEnv, dubaiDayAhead, partnerLab } from "../../../tests/fakes/partner-lab";

afterEach(() => setClockOffset(0));
beforeEach(async () => {
  await db.insert(webhookSettings).values({ name: "CRM", url: "http://127.0.0.1:9/hook", events: ["booking_updated", "booking_cancelled", "booking_completed"] });
});

const DAY = dubaiDayAhead(3);
const START = slotStartFor(DAY, "09:00");
/** Moves the app clock to `minutes` after the 09:00 slot of DAY (negative: before). */
const clockAt = (minutes: number) => setClockOffset(START.getTime() + minutes * 60_000 - Date.now());

/** A lab member's scope, as requireLabMember makes it (tests build it from the fixture). */
const scopeOf = (partner: Awaited<ReturnType<typeof partnerLab>>, who: "manager" | "staff" = "staff") =>
  ({ labId: partner.lab.id, labName: partner.lab.name, userId: partner[who].id, email: partner[who].email, role: who }) as LabScope;

const bookingRow = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
const refundsOf = (bookingId: string) => db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId));
const auditOf = (bookingId: string) => db.select().from(statusChanges).where(eq(statusChanges.subjectId, bookingId)).orderBy(asc(statusChanges.createdAt));
const taken = async (labId: string, type: "walk_in" | "home" = "walk_in") =>
  (await db.select().from(slotCounts).where(and(eq(slotCounts.labId, labId), eq(slotCounts.collectionType, type), eq(slotCounts.slotStart, START))))[0]?.taken ?? 0;
const eventsOf = async (bookingId: string) =>
  (await db.select().from(jobs).where(eq(jobs.kind, DELIVER_WEBHOOK_JOB)).orderBy(asc(jobs.id)))
    .map((job) => (job.payload as { envelope: { type: string; data: { booking: { id: string; status: string } } } }).envelope)
    .filter((event) => event.data.booking.id === bookingId)
    .map((event) => [event.type, event.data.booking.status]);
const messagesOf = async (bookingId: string) =>
  (await db.select().from(jobs).where(eq(jobs.kind, SEND_NOTIFICATION_JOB))).map((job) => job.payload as { kind: string; bookingId?: string; refund?: unknown }).filter((payload) => payload.bookingId === bookingId);

describe("a lab member works a booking of their lab", () => {
  it("staff confirm a pending booking: the lifecycle's audit row names the member, booking_updated goes out and the customer is told", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking } = await codBooking(partner);
    expect(await actOnLabBooking(scopeOf(partner), { action: "confirm", bookingId: booking.id }, demoEnv)).toMatchObject({ ok: true });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed" });
    expect((await auditOf(booking.id)).at(-1)).toMatchObject({ fromStatus: "pending", toStatus: "confirmed", actorKind: "lab", actorId: partner.staff.id, reason: "lab_confirm" });
    expect(await eventsOf(booking.id)).toContainEqual(["booking_updated", "confirmed"]);
    expect((await messagesOf(booking.id)).map((message) => message.kind)).toContain("booking_confirmed");
    // Twice: refused with the reason, nothing changes.
    expect(await actOnLabBooking(scopeOf(partner), { action: "confirm", bookingId: booking.id }, demoEnv)).toEqual({ ok: false, status: 409, message: "This booking is already confirmed." });
  });

  it("the sample is marked collected from the visit's day on; its time is recorded and the customer's My Bookings shows it", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { customer, booking } = await codBooking(partner);
    clockAt(-24 * 60);
    expect(await actOnLabBooking(scopeOf(partner), { action: "collected", bookingId: booking.id }, demoEnv)).toEqual({ ok: false, status: 409, message: SAMPLE_TOO_EARLY_MESSAGE });
    clockAt(-30);
    const before = Date.now();
    expect(await actOnLabBooking(scopeOf(partner), { action: "collected", bookingId: booking.id }, demoEnv)).toMatchObject({ ok: true, refundFils: 0 });
    const row = await bookingRow(booking.id);
    expect(row.status).toBe("sample_collected");
    expect(row.sampleCollectedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await auditOf(booking.id)).at(-1)).toMatchObject({ toStatus: "sample_collected", actorKind: "lab", actorId: partner.staff.id });
    expect(await eventsOf(booking.id)).toContainEqual(["booking_updated", "sample_collected"]);
    const [mine] = await bookingsForUser(customer.id);
    expect(mine).toMatchObject({ status: "sample_collected", sampleCollectedAt: row.sampleCollectedAt });
    // The admin's booking timeline names the member who took it.
    const timeline = await bookingTimeline(booking.id, booking.orderId);
    const change = timeline.find((entry) => entry.type === "change" && entry.to === "sample_collected")!;
    expect(actorLabel(change.actor)).toBe(`Lab member · ${partner.staff.email} (${partner.staff.name})`);
    // The customer can no longer change it.
    expect(mine.status).not.toBe("pending");
  });

  it("a no-show is refused before the slot's start; after it, a card payment is treated as a late cancellation (fee kept, the rest refunded)", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking, order } = await cardBooking(partner);
    clockAt(-5);
    expect(await actOnLabBooking(scopeOf(partner), { action: "no-show", bookingId: booking.id }, demoEnv)).toEqual({ ok: false, status: 409, message: NO_SHOW_TOO_EARLY_MESSAGE });
    clockAt(20);
    expect(await actOnLabBooking(scopeOf(partner), { action: "no-show", bookingId: booking.id }, demoEnv)).toEqual({
      ok: true,
      action: "no-show",
      refundFils: 7_500,
      feeFils: 2_500,
      refunded: true,
    });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "no_show", cancellationFeeFils: 2_500 });
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ orderId: order.id, amountFils: 7_500, reason: "no_show", status: "succeeded" })]);
    expect(await eventsOf(booking.id)).toContainEqual(["booking_updated", "no_show"]);
    // The order stays paid: what it was paid is on record, the refund beside it.
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ paymentStatus: "paid", orderStatus: "confirmed" });
    // Replayed: refused, no second refund.
    expect(await actOnLabBooking(scopeOf(partner), { action: "no-show", bookingId: booking.id }, demoEnv)).toMatchObject({ ok: false, status: 409 });
    expect(await refundsOf(booking.id)).toHaveLength(1);
  });

  it("a no-show of a cash-on-delivery booking moves no money and closes the unpaid order, which has nothing left to collect", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking, order } = await codBooking(partner);
    clockAt(10);
    expect(await actOnLabBooking(scopeOf(partner), { action: "no-show", bookingId: booking.id }, demoEnv)).toMatchObject({ ok: true, refundFils: 0, feeFils: 0 });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "no_show", cancellationFeeFils: null });
    expect(await refundsOf(booking.id)).toEqual([]);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ paymentStatus: "pending", orderStatus: "cancelled" });
  });

  it("the lab cancels with a reason: the card payment is refunded in full, the slot is given back, the customer is told with the refund and sees why", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking, customer } = await cardBooking(partner, { home: true });
    expect(await runLabBookingAction(scopeOf(partner), { intent: "cancel", bookingId: booking.id }).then((answer) => answer.init?.status)).toBe(400);
    expect(await taken(partner.lab.id, "home")).toBe(1);
    const outcome = await actOnLabBooking(scopeOf(partner, "manager"), { action: "cancel", bookingId: booking.id, reason: "collector_unavailable" }, demoEnv);
    // 100.00 for the test and 40.00 for the home visit.
    expect(outcome).toEqual({ ok: true, action: "cancel", refundFils: 14_000, feeFils: 0, refunded: true });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", labCancellationReason: "collector_unavailable", cancellationFeeFils: null, calendarSequence: 1 });
    expect(await taken(partner.lab.id, "home")).toBe(0);
    expect(await refundsOf(booking.id)).toEqual([expect.objectContaining({ amountFils: 14_000, reason: "lab_cancelled", status: "succeeded" })]);
    expect(await eventsOf(booking.id)).toEqual(expect.arrayContaining([["booking_updated", "cancelled"], ["booking_cancelled", "cancelled"]]));
    expect(await messagesOf(booking.id)).toContainEqual(expect.objectContaining({ kind: "booking_cancelled", refund: { amountFils: 14_000, feeFils: 0 } }));
    const [mine] = await bookingsForUser(customer.id);
    expect(mine).toMatchObject({ status: "cancelled", labCancellationReason: "collector_unavailable", refunds: [expect.objectContaining({ reason: "lab_cancelled" })] });
  });

  it("a cancellation gives the walk-in slot back; two members cancelling at once refund once", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking } = await cardBooking(partner);
    expect(await taken(partner.lab.id)).toBe(1);
    const both = await Promise.all([
      actOnLabBooking(scopeOf(partner, "manager"), { action: "cancel", bookingId: booking.id, reason: "lab_unavailable" }, demoEnv),
      actOnLabBooking(scopeOf(partner, "staff"), { action: "cancel", bookingId: booking.id, reason: "lab_unavailable" }, demoEnv),
    ]);
    expect(both.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(both.find((outcome) => !outcome.ok)).toMatchObject({ status: 409, message: "This booking is already cancelled." });
    expect(await refundsOf(booking.id)).toHaveLength(1);
    expect(await taken(partner.lab.id)).toBe(0);
  });

  it("a booking of another lab is not found, whatever the member; nothing changes", async () => {
    const mine = await partnerLab("Al Noor Lab");
    const theirs = await partnerLab("Gulf Diagnostics");
    const { booking } = await cardBooking(theirs);
    for (const action of ["confirm", "collected", "no-show", "cancel"] as const) {
      expect(await actOnLabBooking(scopeOf(mine, "manager"), { action, bookingId: booking.id, reason: "lab_unavailable" }, demoEnv)).toEqual({ ok: false, status: 404, message: BOOKING_NOT_FOUND });
    }
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending" });
    expect(await refundsOf(booking.id)).toEqual([]);
  });

  it("the admin's Mark as Confirmed, Mark as Completed and Cancel Booking keep working, from the lab's new statuses too", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const { booking } = await codBooking(partner);
    clockAt(0);
    await actOnLabBooking(scopeOf(partner), { action: "collected", bookingId: booking.id }, demoEnv);
    expect(await setBookingStatus(booking.id, "completed")).toMatchObject({ booking: { status: "completed" } });
    expect(await setBookingStatus(booking.id, "confirmed")).toMatchObject({ booking: { status: "confirmed" } });
    expect(await setBookingStatus(booking.id, "cancelled")).toMatchObject({ booking: { status: "cancelled" } });
  });

  it("the worklist lists the day's bookings by slot with what the collector needs, and only the actions the time allows", async () => {
    const partner = await partnerLab("Al Noor Lab");
    const walkIn = await codBooking(partner, { patientName: "Omar Saeed", patientPhone: "+971 50 111 2233" });
    const home = await cardBooking(partner, { patientName: "Sara Khan", home: true, time: "11:00" });
    const elsewhere = await codBooking(await partnerLab("Gulf Diagnostics"), { patientName: "Hidden Patient" });
    clockAt(60);
    const day = await labWorklist(scopeOf(partner), DAY);
    expect(day.count).toBe(2);
    expect(day.slots.map((slot) => slot.time)).toEqual(["09:00", "11:00"]);
    const [first] = day.slots[0].bookings;
    expect(first).toMatchObject({ id: walkIn.booking.id, patientName: "Omar Saeed", patientPhone: "+971 50 111 2233", collectionType: "walk_in", preparation: "Fast for 8 hours.", mapUrl: null, payment: "Cash on delivery" });
    expect(first.actions).toEqual(["confirm", "collected", "no-show", "cancel"]);
    const [visit] = day.slots[1].bookings;
    expect(visit).toMatchObject({ id: home.booking.id, homeAddress: "Tower 3, Flat 1204", homeArea: "Al Reem Island", payment: "Paid by card" });
    expect(visit.mapUrl).toBe("https://www.google.com/maps/search/?api=1&query=Tower%203%2C%20Flat%201204%2C%20Al%20Reem%20Island%2C%20Abu%20Dhabi");
    // Its slot (11:00) has not started yet: no no-show.
    expect(visit.actions).toEqual(["confirm", "collected", "cancel"]);
    expect(JSON.stringify(day)).not.toContain(elsewhere.booking.id);
    expect(JSON.stringify(day)).not.toContain("Hidden Patient");
  });
});
