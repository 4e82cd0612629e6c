import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { orders, tests } from "~/db/schema";
import { cartLinesForUser, changeCart } from "~/modules/cart/cart.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { demoProvider } from "~/modules/payments/card-provider.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { parseEnv } from "~/utils/env.server";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

const details = patientDetails("Omar Saeed", { scheduledTime: "10:30" });
const demoEnv = () => parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });

/** An order of 2 units at AED 150, after which an admin raised the price to AED 199. */
async function resumedAfterPriceRise() {
  const customer = await createAccount(db);
  const test = await insertTest(db, { priceFils: 15_000 });
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
  const original = await placeCashOnDeliveryOrder(customer.id, details);
  await db.update(tests).set({ priceFils: 19_900 }).where(eq(tests.id, test.id));
  expect(await resumeOrder(customer.id, original.id)).toBe("loaded");
  return { customer, test, original };
}

describe("prices of a resumed order", () => {
  it("raising a resumed line's quantity prices the line from the catalogue, in the cart and at checkout", async () => {
    const { customer, test } = await resumedAfterPriceRise();
    await changeCart(customer.id, { intent: "set", testId: test.id, quantity: 5 });
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ quantity: 5, price: 19_900 }]);

    const order = await placeCashOnDeliveryOrder(customer.id, details);
    expect(order.totalAmountFils).toBe(5 * 19_900);
  });

  it("adding units on top of a resumed line (product page or guest cart merge) also ends the old price", async () => {
    const { customer, test } = await resumedAfterPriceRise();
    await changeCart(customer.id, { intent: "merge", lines: [{ testId: test.id, quantity: 1 }] });
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ quantity: 3, price: 19_900 }]);
  });

  it("cancelling the original order prices the resumed cart from the catalogue", async () => {
    const { customer, original } = await resumedAfterPriceRise();
    expect(await cancelOrder(customer.id, original.id)).toBe("cancelled");
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ quantity: 2, price: 19_900 }]);

    const order = await placeCashOnDeliveryOrder(customer.id, details);
    expect(order.totalAmountFils).toBe(2 * 19_900);
  });

  it("an abandoned card checkout hands the old price on to the next attempt and is cancelled by it; once an order is placed the price is gone", async () => {
    const { customer, test, original } = await resumedAfterPriceRise();
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ quantity: 2, price: 15_000 }]);

    // The card checkout replaces the original order and keeps the price; the cart still shows it.
    const first = await startCardPayment(demoProvider(demoEnv()), customer.id, details, demoEnv());
    const [firstOrder] = await db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(firstOrder.totalAmountFils).toBe(30_000);
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ quantity: 2, price: 15_000 }]);

    // Trying again replaces that order in turn: still one live order at the old price.
    const second = await placeCashOnDeliveryOrder(customer.id, details, demoEnv());
    expect(second.totalAmountFils).toBe(30_000);
    const statuses = await db.select({ id: orders.id, status: orders.orderStatus }).from(orders);
    expect(statuses).toEqual(
      expect.arrayContaining([
        { id: original.id, status: "cancelled" },
        { id: first.orderId, status: "cancelled" },
        { id: second.id, status: "pending" },
      ]),
    );

    // The cart was emptied by that order; the same test added again costs today's price.
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ quantity: 2, price: 19_900 }]);
  });
});
