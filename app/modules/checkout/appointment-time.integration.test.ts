import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, orders, sentMessages } from "~/db/schema";
import { jobHandlers } from "~/job-handlers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { checkoutSummary, saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { findOwnOrder } from "~/modules/orders/find-order.server";
import { bookingsForUser, ordersForUser } from "~/modules/orders/order-history.server";
import { rescheduleMyBooking } from "~/modules/payments/booking-changes.server";
import { appointmentOf, appointmentsOf } from "~/modules/slots/appointment-time";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { PatientDetailsSchema } from "~/modules/booking/schemas";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { parseEnv } from "~/utils/env.server";
import { parseIcs } from "../../../tests/e2e/outbox";

// Issue 26, "The time": one appointment time per booking, its slot, read everywhere from appointment-time.ts.
const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "14:00" }])) as OpeningHours;
const startedAt = Date.now();
const DAY = new Date(startedAt + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

async function drain() {
  while ((await runDueJobs(jobHandlers)) > 0) {
    // keep going
  }
}

describe("one appointment time per booking, from its slot", () => {
  it("11:00 picked in the grid is 11:00 on the payment step, the order, the confirmation, the dashboard, the e-mail and the .ics; a reschedule shows the new time everywhere", async () => {
    const lab = await insertLab(db, { name: "Reem Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
    const test = await insertTest(db, { name: "Lipid Profile", priceFils: 20_000 });
    await db.transaction((tx) => saveOffer(tx, { labId: lab.id, testId: test.id, priceFils: 15_000, walkIn: true, homeCollection: false, isActive: true }));
    const customer = await createAccount(db);
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });

    // The details step has no time of its own: the form sends the date, and the line's slot.
    const details = PatientDetailsSchema.parse({ patientName: "Layla Haddad", patientEmail: customer.email, scheduledDate: DAY });
    expect(await saveAndCheckLineChoices(customer.id, details, { [`labId:${test.id}`]: lab.id, [`slotTime:${test.id}`]: "11:00" })).toEqual({});
    const summary = await checkoutSummary(customer.id, details);
    expect(summary?.appointments).toEqual([{ date: DAY, time: "11:00" }]);
    expect(summary?.rows[0].slot).toEqual({ date: DAY, time: "11:00" });

    const order = await placeCashOnDeliveryOrder(customer.id, details);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ scheduledDate: DAY, scheduledTime: "11:00" });
    const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(appointmentOf(booking)).toEqual({ date: DAY, time: "11:00" });
    expect(booking.scheduledTime).toBe("11:00");

    // Confirmation, Order History, My Bookings.
    const confirmation = await findOwnOrder(customer.id, order.id);
    expect(confirmation?.visits.map(appointmentOf)).toEqual([{ date: DAY, time: "11:00" }]);
    const [history] = await ordersForUser(customer.id);
    expect(appointmentsOf(history.items.filter((item) => item.kind === "test"))).toEqual([{ date: DAY, time: "11:00" }]);
    expect((await bookingsForUser(customer.id)).map(appointmentOf)).toEqual([{ date: DAY, time: "11:00" }]);

    // The e-mail and its calendar file.
    await drain();
    const [confirmed] = await db.select().from(sentMessages).where(eq(sentMessages.kind, "booking_confirmed"));
    expect(confirmed.text).toContain("11:00");
    expect(confirmed.text).not.toContain("09:00");
    const ics = confirmed.attachments.find((file) => file.filename.endsWith(".ics"));
    expect(parseIcs(ics!.content).dtstart).toMatch(/T110000$|T070000Z$/);

    // Reschedule to 12:30: every place shows the new time.
    const moved = await rescheduleMyBooking(customer.id, booking.id, { labId: lab.id, date: DAY, time: "12:30", expectedSequence: 0 }, env);
    expect(moved).toMatchObject({ ok: true });
    expect((await findOwnOrder(customer.id, order.id))?.visits.map(appointmentOf)).toEqual([{ date: DAY, time: "12:30" }]);
    const [after] = await ordersForUser(customer.id);
    expect(appointmentsOf(after.items.filter((item) => item.kind === "test"))).toEqual([{ date: DAY, time: "12:30" }]);
    expect((await bookingsForUser(customer.id)).map(appointmentOf)).toEqual([{ date: DAY, time: "12:30" }]);
    await drain();
    const [rescheduled] = await db.select().from(sentMessages).where(eq(sentMessages.kind, "booking_rescheduled"));
    expect(rescheduled.text).toContain("12:30");
    const movedIcs = rescheduled.attachments.find((file) => file.filename.endsWith(".ics"));
    expect(parseIcs(movedIcs!.content).dtstart).toMatch(/T123000$|T083000Z$/);
  });
});
