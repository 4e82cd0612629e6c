import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings, cartItems, jobs, orderItems, orders, tests, webhookSettings } from "~/db/schema";
import { todayInDubai } from "~/utils/dubai-date";
import type { PatientDetails } from "~/modules/booking/schemas";
import { changeCart } from "~/modules/cart/cart.server";
import { EmptyCartError } from "~/modules/orders/order-lines.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";

const details = (overrides: Partial<PatientDetails> = {}): PatientDetails => ({
  patientName: "Layla Haddad",
  patientEmail: "layla@example.com",
  patientPhone: "+971 50 123 4567",
  notes: null,
  scheduledDate: todayInDubai(),
  scheduledTime: "09:00",
  ...overrides,
});

describe("placing a cash-on-delivery order", () => {
  it("creates the pending order, its items at database prices and one pending booking per line, then empties the cart", async () => {
    await db.insert(webhookSettings).values({ name: "CRM", url: "http://127.0.0.1:9/hook", events: ["booking_created"] });
    const customer = await createAccount(db);
    const a = await insertTest(db, { priceFils: 15_000 });
    const b = await insertTest(db, { priceFils: 32_550 });
    await changeCart(customer.id, { intent: "add", testId: a.id, quantity: 2 });
    await changeCart(customer.id, { intent: "add", testId: b.id, quantity: 1 });

    const order = await placeCashOnDeliveryOrder(customer.id, details());

    expect(order).toMatchObject({
      userId: customer.id,
      paymentMethod: "cash_on_delivery",
      paymentStatus: "pending",
      orderStatus: "pending",
      totalAmountFils: 2 * 15_000 + 32_550,
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((item) => [item.testId, item.quantity, item.unitPriceFils, item.totalPriceFils]).sort()).toEqual(
      [
        [a.id, 2, 15_000, 30_000],
        [b.id, 1, 32_550, 32_550],
      ].sort(),
    );
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked).toHaveLength(2);
    expect(booked.every((booking) => booking.status === "pending" && booking.userId === customer.id)).toBe(true);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toEqual([]);
    const events = await db.select().from(jobs).where(eq(jobs.kind, "deliver-webhook"));
    expect(events).toHaveLength(2);
  });

  it("charges the database price at order time, whatever the price was when the test was added", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db, { priceFils: 10_000 });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 3 });
    await db.update(tests).set({ priceFils: 12_345 }).where(eq(tests.id, test.id));
    const order = await placeCashOnDeliveryOrder(customer.id, details());
    expect(order.totalAmountFils).toBe(3 * 12_345);
  });

  it("refuses an empty cart", async () => {
    const customer = await createAccount(db);
    await expect(placeCashOnDeliveryOrder(customer.id, details())).rejects.toBeInstanceOf(EmptyCartError);
    expect(await db.select().from(orders)).toEqual([]);
  });

  it("a failure in the middle of placing an order leaves no partial order behind", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db);
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    // The last step (bookings) fails after the order and its items were written.
    await db.execute(sql`
      create function fail_booking() returns trigger language plpgsql as $$
      begin raise exception 'booking store unavailable'; end $$`);
    await db.execute(sql`create trigger fail_booking before insert on bookings for each row execute function fail_booking()`);
    try {
      const failure = (await placeCashOnDeliveryOrder(customer.id, details()).catch((error: unknown) => error)) as Error;
      expect(String((failure.cause as Error | undefined)?.message ?? failure.message)).toMatch(/booking store unavailable/);
    } finally {
      await db.execute(sql`drop trigger fail_booking on bookings`);
      await db.execute(sql`drop function fail_booking()`);
    }
    expect(await db.select().from(orders)).toEqual([]);
    expect(await db.select().from(orderItems)).toEqual([]);
    expect(await db.select().from(bookings)).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toHaveLength(1);
  });

  it("100 concurrent checkouts by different customers all succeed with nothing lost", async () => {
    const test = await insertTest(db, { priceFils: 20_000 });
    const other = await insertTest(db, { priceFils: 5_000 });
    const customers = [];
    for (let i = 0; i < 100; i++) {
      const customer = await createAccount(db);
      await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 + (i % 3) });
      await changeCart(customer.id, { intent: "add", testId: other.id, quantity: 1 });
      customers.push({ id: customer.id, units: 1 + (i % 3) });
    }
    const placed = await Promise.all(customers.map((customer) => placeCashOnDeliveryOrder(customer.id, details())));

    expect(new Set(placed.map((order) => order.userId)).size).toBe(100);
    const [counts] = (
      await db.execute<{ orders: number; items: number; bookings: number; cart: number; total: number }>(sql`
        select (select count(*)::int from orders) as orders,
               (select count(*)::int from order_items) as items,
               (select count(*)::int from bookings) as bookings,
               (select count(*)::int from cart_items) as cart,
               (select coalesce(sum(total_amount_fils), 0)::int from orders) as total`)
    ).rows;
    const expectedTotal = customers.reduce((sum, customer) => sum + customer.units * 20_000 + 5_000, 0);
    expect(counts).toEqual({ orders: 100, items: 200, bookings: 200, cart: 0, total: expectedTotal });
  });
});
