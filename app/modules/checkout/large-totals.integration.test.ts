import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { demoPaymentSessions, orderItems, orders } from "~/db/schema";
import { todayInDubai } from "~/utils/dubai-date";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/modules/cart/cart-line";
import { cartLinesForUser, changeCart } from "~/modules/cart/cart.server";
import { ordersForUser } from "~/modules/orders/order-history.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { parseEnv } from "~/utils/env.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";

const details = {
  patientName: "Layla Haddad",
  patientEmail: "layla@example.com",
  patientPhone: null,
  notes: null,
  scheduledDate: todayInDubai(),
  scheduledTime: "09:00",
};

/**
 * The largest cart the cart's limits allow (issue 25): 20 tests at the most expensive price the
 * admin form allows (AED 100,000), 10 of each: AED 20M, close to 2^31 fils.
 */
const PRICE_FILS = 10_000_000;
const TOTAL_FILS = MAX_CART_LINES * MAX_LINE_QUANTITY * PRICE_FILS;
/** An order placed before the limits, 99 of each of 3 such tests: AED 29.7M, beyond 32 bits. */
const OLDER_TOTAL_FILS = 3 * 99 * PRICE_FILS;

async function customerWithLargestCart() {
  const customer = await createAccount(db);
  for (let n = 0; n < MAX_CART_LINES; n++) {
    const test = await insertTest(db, { priceFils: PRICE_FILS });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: MAX_LINE_QUANTITY });
  }
  return customer;
}

describe("order totals beyond 32 bits", () => {
  it("the largest cash-on-delivery order a cart allows, AED 20M, is placed and read back exactly", async () => {
    const customer = await customerWithLargestCart();
    // A site whose unpaid-bookings limit admits a full cart paid on delivery (the default, 5, refuses it).
    const fullCartEnv = parseEnv({ MAX_UNPAID_BOOKINGS_PER_ACCOUNT: String(MAX_CART_LINES) });
    const order = await placeCashOnDeliveryOrder(customer.id, details, fullCartEnv);
    expect(order.totalAmountFils).toBe(TOTAL_FILS);

    const [listed] = await ordersForUser(customer.id);
    expect(listed.totalAmountFils).toBe(TOTAL_FILS);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((item) => item.totalPriceFils)).toEqual(Array(MAX_CART_LINES).fill(MAX_LINE_QUANTITY * PRICE_FILS));
    expect(items.reduce((sum, item) => sum + item.totalPriceFils, 0)).toBe(TOTAL_FILS);
  });

  it("a card payment of the same cart is created, paid and confirmed for the exact amount", async () => {
    const customer = await customerWithLargestCart();
    expect((await cartLinesForUser(customer.id)).reduce((sum, line) => sum + line.price * line.quantity, 0)).toBe(TOTAL_FILS);
    const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
    const { orderId } = await startCardPayment(demoProvider(env), customer.id, details, env);
    const [session] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.orderId, orderId));
    expect(session.amountFils).toBe(TOTAL_FILS);
    await settleDemoSession(session.id, "paid");
    expect(await confirmPayment(demoProvider(env), session.id, customer.id)).toMatchObject({ newlyPaid: true });
    expect((await ordersForUser(customer.id))[0]).toMatchObject({ totalAmountFils: TOTAL_FILS, paymentStatus: "paid" });
  });

  it("an order of AED 29.7M placed before the cart's limits is read back exactly", async () => {
    expect(OLDER_TOTAL_FILS).toBeGreaterThan(2 ** 31);
    const customer = await createAccount(db);
    const [order] = await db
      .insert(orders)
      .values({ userId: customer.id, totalAmountFils: OLDER_TOTAL_FILS, paymentMethod: "cash_on_delivery", customerName: "Layla Haddad", customerEmail: customer.email })
      .returning();
    for (let n = 0; n < 3; n++) {
      const test = await insertTest(db, { priceFils: PRICE_FILS });
      await db.insert(orderItems).values({ orderId: order.id, testId: test.id, testName: test.name, quantity: 99, unitPriceFils: PRICE_FILS, totalPriceFils: 99 * PRICE_FILS });
    }
    const [listed] = await ordersForUser(customer.id);
    expect(listed.totalAmountFils).toBe(OLDER_TOTAL_FILS);
    expect(listed.items.map((item) => item.totalPriceFils)).toEqual([99 * PRICE_FILS, 99 * PRICE_FILS, 99 * PRICE_FILS]);
  });
});
