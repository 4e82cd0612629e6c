import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings, jobs, statusChanges, webhookSettings } from "~/db/schema";
import { setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { changeCart } from "~/modules/cart/cart.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { DELIVER_WEBHOOK_JOB } from "~/modules/webhooks/emit-event.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

const details = patientDetails("Reem Nasser", { scheduledTime: "10:00" });

async function placedOrder() {
  const customer = await createAccount(db);
  const test = await insertTest(db, { priceFils: 12_000 });
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
  const order = await placeCashOnDeliveryOrder(customer.id, details);
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
  return { customer, test, order, booking };
}

const queuedEvents = async () =>
  (await db.select().from(jobs).where(eq(jobs.kind, DELIVER_WEBHOOK_JOB)).orderBy(asc(jobs.id))).map(
    (job) => (job.payload as { envelope: { type: string; data: { booking: { id: string; status: string } } } }).envelope,
  );

describe("order and booking lifecycle", () => {
  it("a customer's Cancel Order cancels the booking through the same transition as an admin: audit rows and booking_* events", async () => {
    await db.insert(webhookSettings).values({
      name: "CRM",
      url: "http://127.0.0.1:9/hook",
      events: ["booking_created", "booking_updated", "booking_cancelled"],
    });
    const { customer, order, booking } = await placedOrder();
    expect(await cancelOrder(customer.id, order.id)).toBe("cancelled");

    const events = await queuedEvents();
    expect(events.map((event) => event.type)).toEqual(["booking_created", "booking_updated", "booking_cancelled"]);
    expect(events[2].data.booking).toMatchObject({ id: booking.id, status: "cancelled" });

    const history = await db.select().from(statusChanges).orderBy(asc(statusChanges.createdAt));
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: "order", subjectId: order.id, field: "order_status", fromStatus: null, toStatus: "pending" }),
        expect.objectContaining({ subject: "booking", subjectId: booking.id, fromStatus: null, toStatus: "pending", reason: "create" }),
        expect.objectContaining({
          subject: "order",
          subjectId: order.id,
          field: "order_status",
          fromStatus: "pending",
          toStatus: "cancelled",
          actorKind: "customer",
          actorId: customer.id,
          reason: "cancel",
        }),
        expect.objectContaining({
          subject: "booking",
          subjectId: booking.id,
          fromStatus: "pending",
          toStatus: "cancelled",
          actorKind: "customer",
          reason: "cancel",
        }),
      ]),
    );
  });

  it("refuses moves the table does not allow, and changes nothing", async () => {
    const { customer, order, booking } = await placedOrder();
    const before = await db.select().from(statusChanges);
    await db.transaction(async (tx) => {
      // Only the payment confirmation marks an order paid; a customer cannot complete a booking.
      expect((await transitionOrder(tx, order.id, "pay", { kind: "customer", id: customer.id })).status).toBe("not-allowed");
      expect((await transitionBooking(tx, booking.id, "completed", { kind: "customer", id: customer.id })).status).toBe(
        "not-allowed",
      );
      expect((await transitionOrder(tx, crypto.randomUUID(), "cancel", { kind: "customer" })).status).toBe("not-found");
    });
    expect(await db.select().from(statusChanges)).toHaveLength(before.length);

    // An admin may set any admin status at any time, and the change is audited with the admin's id.
    const admin = await createAccount(db, { admin: true });
    expect(await setBookingStatus(booking.id, "completed", admin.id)).toMatchObject({ status: "changed", booking: { status: "completed" } });
    const [audit] = await db.select().from(statusChanges).where(eq(statusChanges.actorKind, "admin"));
    expect(audit).toMatchObject({ subjectId: booking.id, fromStatus: "pending", toStatus: "completed", actorId: admin.id });
  });

  it("the database refuses a status outside the lifecycle", async () => {
    const { booking } = await placedOrder();
    await expect(db.execute(`update bookings set status = 'lost' where id = '${booking.id}'`)).rejects.toThrow();
  });
});
