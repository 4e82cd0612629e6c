import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { demoPaymentSessions, orders, slotCounts } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { cartLinesForUser, changeCart } from "~/modules/cart/cart.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { releaseExpiredSlotHolds } from "~/modules/payments/expire-slot-holds.server";
import { canResumeOrCancel } from "~/modules/lifecycle/order-status";
import { demoProvider } from "~/modules/payments/card-provider.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { getNow, setClockOffset } from "~/modules/slots/clock.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { parseEnv } from "~/utils/env.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

// Days count from the file's start, so that a run crossing midnight in Dubai (20:00 UTC) keeps one date.
const startedAt = Date.now();

// The payment hold is a setting: 5 minutes here instead of the default 15.
const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999", SLOT_HOLD_MINUTES: "5" });
const MINUTE = 60_000;

afterEach(() => setClockOffset(0));

const dayAhead = () => new Date(startedAt + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const details = (): PatientDetails => ({
  patientName: "Layla Haddad",
  patientEmail: "layla@example.com",
  patientPhone: null,
  notes: null,
  scheduledDate: dayAhead(),
  scheduledTime: "09:00",
});

/** A card order at a lab with one place per walk-in slot, waiting for its payment. */
async function pendingCardOrder() {
  const openingHours = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "12:00" }])) as OpeningHours;
  const lab = await insertLab(db, { name: "Corniche Lab", openingHours, walkInSlotMinutes: 30, walkInCapacity: 1 });
  const test = await insertTest(db, { priceFils: 20_000 });
  await db.transaction((tx) => saveOffer(tx, { labId: lab.id, testId: test.id, priceFils: 12_000, walkIn: true, homeCollection: false, isActive: true }));
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
  const { orderId } = await startCardPayment(demoProvider(env), customer.id, details(), env);
  return { lab, test, customer, orderId, start: slotStartFor(dayAhead(), "09:00") };
}

async function taken(labId: string, start: Date) {
  const [row] = await db.select({ taken: slotCounts.taken }).from(slotCounts).where(and(eq(slotCounts.labId, labId), eq(slotCounts.slotStart, start)));
  return row?.taken ?? 0;
}

async function dashboard(account: { email: string; password: string }) {
  const request = await signedInAs(account);
  type LoaderArgs = Parameters<typeof dashboardLoader>[0];
  type ActionArgs = Parameters<typeof dashboardAction>[0];
  return {
    orders: async () => (await dashboardLoader(routeArgs<LoaderArgs>(request("/dashboard")))).orders,
    post: (intent: "resume" | "cancel", orderId: string) => {
      const body = new FormData();
      body.set("intent", intent);
      body.set("orderId", orderId);
      return routeOutcome(() => dashboardAction(routeArgs<ActionArgs>(request("/dashboard", { method: "POST", body }))));
    },
  };
}

describe("card orders left unpaid past the payment hold", () => {
  it("expire after SLOT_HOLD_MINUTES: the slot is released for others, and the dashboard neither offers nor accepts Resume or Cancel", async () => {
    const { lab, test, customer, orderId, start } = await pendingCardOrder();
    expect(await taken(lab.id, start)).toBe(1);
    const customerDashboard = await dashboard(customer);
    const [open] = await customerDashboard.orders();
    expect(canResumeOrCancel(open)).toBe(true);

    // Four minutes on: still held.
    expect(await releaseExpiredSlotHolds(new Date(getNow().getTime() + 4 * MINUTE), env)).toBe(0);
    expect(await taken(lab.id, start)).toBe(1);

    // Six minutes on (the app clock): the sweep expires the order and frees the slot.
    setClockOffset(6 * MINUTE);
    expect(await releaseExpiredSlotHolds(getNow(), env)).toBe(1);
    expect(await taken(lab.id, start)).toBe(0);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: "pending", orderStatus: "expired" });
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.orderId, orderId));
    expect(session.status).toBe("expired");

    // The spec: Resume and Cancel only while payment is pending and the order is not expired.
    const [shown] = await customerDashboard.orders();
    expect(shown).toMatchObject({ id: orderId, orderStatus: "expired", paymentStatus: "pending" });
    expect(canResumeOrCancel(shown)).toBe(false);
    expect(await customerDashboard.post("resume", orderId)).toMatchObject({ status: 409, body: { ok: false, toast: { title: "Error loading order" } } });
    expect(await customerDashboard.post("cancel", orderId)).toMatchObject({ status: 409, body: { ok: false, toast: { title: "Error cancelling order" } } });
    const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(after.orderStatus).toBe("expired");

    // The freed place can be booked by someone else.
    const other = await createAccount(db);
    await changeCart(other.id, { intent: "add", testId: test.id, quantity: 1 });
    await placeCashOnDeliveryOrder(other.id, details());
    expect(await taken(lab.id, start)).toBe(1);
  });

  it("within the hold, Resume still loads the order into the cart at its price", async () => {
    const { customer, orderId } = await pendingCardOrder();
    await changeCart(customer.id, { intent: "clear" });
    const customerDashboard = await dashboard(customer);
    expect(await customerDashboard.post("resume", orderId)).toMatchObject({ status: 302, location: "/cart" });
    const lines = await cartLinesForUser(customer.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 1, price: 12_000 });
  });
});
