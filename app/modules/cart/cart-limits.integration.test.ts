import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { parseEnv } from "~/utils/env.server";
import { cartItems, orderItems, orders } from "~/db/schema";
import { createAccount, insertTest } from "~/seed/factories.server";
import {
  CART_FULL_MESSAGE,
  CART_OVER_LIMIT_MESSAGE,
  LINE_FULL_MESSAGE,
  MERGE_LEFT_OUT_MESSAGE,
  ORDER_TOO_LARGE_MESSAGE,
} from "~/modules/cart/cart-line";
import { cartLinesForUser, changeCart } from "~/modules/cart/cart.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { action as cartAction } from "~/routes/api.cart";
import { action as dashboardAction } from "~/routes/dashboard";
import { loader as checkoutLoader } from "~/routes/checkout";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { patientDetails } from "../../../tests/fakes/patient-details";

// Issue 25: a cart of 287 lines stalled the site. A cart holds at most 20 tests, 10 of each,
// whichever way a line gets in; an older cart above that is shown and can be reduced, not checked out.
const MAX_CART_LINES = 20;
const MAX_LINE_QUANTITY = 10;

type CartActionArgs = Parameters<typeof cartAction>[0];
const post = (request: (path: string, init?: RequestInit) => Request, body: unknown) =>
  routeOutcome(() =>
    cartAction(routeArgs<CartActionArgs>(request("/api/cart", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }))),
  );

const someTests = async (count: number) => {
  const made = [];
  for (let n = 0; n < count; n++) made.push(await insertTest(db, { priceFils: 10_000 }));
  return made;
};

/** A customer whose cart was filled before the limits: `lines` lines of `quantity` units, written as they were then. */
async function customerWithOlderCart(lines: number, quantity = 1) {
  const customer = await createAccount(db);
  const tests = await someTests(lines);
  await db.insert(cartItems).values(tests.map((test) => ({ userId: customer.id, testId: test.id, quantity })));
  return { customer, tests };
}

describe("the cart's limits", () => {
  it("a 21st test is refused with the spec's toast and the reason, through /api/cart, by add and by set", async () => {
    const customer = await createAccount(db);
    const tests = await someTests(MAX_CART_LINES + 1);
    for (const test of tests.slice(0, MAX_CART_LINES)) await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    const asCustomer = await signedInAs(customer);
    const extra = tests[MAX_CART_LINES].id;

    expect(await post(asCustomer, { intent: "add", testId: extra, quantity: 1 })).toMatchObject({
      status: 409,
      body: { ok: false, toast: { type: "error", title: "Failed to add item to cart", description: CART_FULL_MESSAGE } },
    });
    expect(await post(asCustomer, { intent: "set", testId: extra, quantity: 1 })).toMatchObject({
      status: 409,
      body: { toast: { title: "Failed to update item quantity", description: CART_FULL_MESSAGE } },
    });
    expect(await cartLinesForUser(customer.id)).toHaveLength(MAX_CART_LINES);

    // Making room lets it in.
    await post(asCustomer, { intent: "remove", testId: tests[0].id });
    expect(await post(asCustomer, { intent: "add", testId: extra, quantity: 1 })).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("an 11th unit of a test is refused by add and by set; 10 are fine", async () => {
    const customer = await createAccount(db);
    const [test] = await someTests(1);
    const asCustomer = await signedInAs(customer);
    expect(await post(asCustomer, { intent: "add", testId: test.id, quantity: MAX_LINE_QUANTITY })).toMatchObject({ status: 200 });
    expect(await post(asCustomer, { intent: "add", testId: test.id, quantity: 1 })).toMatchObject({
      status: 409,
      body: { toast: { title: "Failed to add item to cart", description: LINE_FULL_MESSAGE } },
    });
    expect(await post(asCustomer, { intent: "set", testId: test.id, quantity: MAX_LINE_QUANTITY + 1 })).toMatchObject({
      status: 409,
      body: { toast: { title: "Failed to update item quantity", description: LINE_FULL_MESSAGE } },
    });
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ test_id: test.id, quantity: MAX_LINE_QUANTITY }]);
  });

  it("two requests at once cannot pass the limit together", async () => {
    const customer = await createAccount(db);
    const tests = await someTests(MAX_CART_LINES + 2);
    for (const test of tests.slice(0, MAX_CART_LINES - 1)) await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    const outcomes = await Promise.allSettled(tests.slice(MAX_CART_LINES - 1).map((test) => changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await cartLinesForUser(customer.id)).toHaveLength(MAX_CART_LINES);
  });

  it("an older cart above the limits is still shown and can be reduced, but not raised", async () => {
    const { customer, tests } = await customerWithOlderCart(MAX_CART_LINES + 5, 40);
    expect(await cartLinesForUser(customer.id)).toHaveLength(MAX_CART_LINES + 5);
    const asCustomer = await signedInAs(customer);
    expect(await post(asCustomer, { intent: "set", testId: tests[0].id, quantity: 39 })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await post(asCustomer, { intent: "set", testId: tests[0].id, quantity: 41 })).toMatchObject({ status: 409, body: { toast: { description: LINE_FULL_MESSAGE } } });
    expect(await post(asCustomer, { intent: "add", testId: tests[1].id, quantity: 1 })).toMatchObject({ status: 409 });
    expect(await post(asCustomer, { intent: "remove", testId: tests[2].id })).toMatchObject({ status: 200 });
    const lines = await cartLinesForUser(customer.id);
    expect(lines).toHaveLength(MAX_CART_LINES + 4);
    expect(lines.find((line) => line.test_id === tests[0].id)?.quantity).toBe(39);
  });

  it("the guest cart merged at sign-in fills the cart up to the limits and says that the rest did not fit", async () => {
    const customer = await createAccount(db);
    const tests = await someTests(MAX_CART_LINES + 3);
    await changeCart(customer.id, { intent: "add", testId: tests[0].id, quantity: 8 });
    const asCustomer = await signedInAs(customer);
    const guestLines = tests.map((test, index) => ({ testId: test.id, quantity: index === 0 ? 5 : 1 }));

    const outcome = await post(asCustomer, { intent: "merge", lines: guestLines });
    expect(outcome).toMatchObject({ status: 200, body: { ok: true, toast: { title: "Failed to add item to cart", description: MERGE_LEFT_OUT_MESSAGE } } });
    const lines = await cartLinesForUser(customer.id);
    expect(lines).toHaveLength(MAX_CART_LINES);
    expect(lines[0]).toMatchObject({ test_id: tests[0].id, quantity: MAX_LINE_QUANTITY });
    // The guest's first tests, as far as there was room.
    expect(lines.map((line) => line.test_id).sort()).toEqual(
      tests
        .slice(0, MAX_CART_LINES)
        .map((test) => test.id)
        .sort(),
    );

    // A guest cart that fits is merged without a word.
    const other = await createAccount(db);
    const fits = await post(await signedInAs(other), { intent: "merge", lines: guestLines.slice(1, 4) });
    expect(fits).toMatchObject({ status: 200, body: { ok: true } });
    expect(fits.body).not.toHaveProperty("toast");
    expect(await cartLinesForUser(other.id)).toHaveLength(3);
  });

  it("Resume Order of an order above the limits (placed before them) is refused with the reason; the cart is left as it was", async () => {
    const { customer, tests } = await customerWithOlderCart(MAX_CART_LINES + 1);
    const [order] = await db
      .insert(orders)
      .values({ userId: customer.id, totalAmountFils: 210_000, paymentMethod: "cash_on_delivery", customerName: "Layla Haddad", customerEmail: customer.email, scheduledDate: "2999-01-01", scheduledTime: "09:00" })
      .returning();
    await db.insert(orderItems).values(tests.map((test) => ({ orderId: order.id, testId: test.id, testName: test.name, quantity: 1, unitPriceFils: 10_000, totalPriceFils: 10_000 })));
    await db.delete(cartItems).where(eq(cartItems.userId, customer.id));
    const [kept] = await someTests(1);
    await changeCart(customer.id, { intent: "add", testId: kept.id, quantity: 2 });

    expect(await resumeOrder(customer.id, order.id)).toBe("too-large");
    const asCustomer = await signedInAs(customer);
    const body = new URLSearchParams({ intent: "resume", orderId: order.id });
    const outcome = await routeOutcome(() => dashboardAction(routeArgs(asCustomer("/dashboard", { method: "POST", body }))));
    expect(outcome).toMatchObject({ status: 409, body: { ok: false, toast: { title: "Failed to load order to cart", description: ORDER_TOO_LARGE_MESSAGE } } });
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ test_id: kept.id, quantity: 2 }]);
  });

  it("checkout refuses an older cart above the limits: the steps go back to the cart with the reason, and no order is placed", async () => {
    const { customer } = await customerWithOlderCart(MAX_CART_LINES + 1);
    const asCustomer = await signedInAs(customer);
    for (const step of ["details", "payment"]) {
      const outcome = await routeOutcome(() => checkoutLoader(routeArgs(asCustomer(`/checkout?step=${step}`))));
      expect(outcome).toMatchObject({ status: 302, location: "/cart" });
    }
    const details = patientDetails("Layla Haddad");
    expect(await saveAndCheckLineChoices(customer.id, details, {})).toEqual({ cart: [CART_OVER_LIMIT_MESSAGE] });
    for (const method of ["cash_on_delivery", "card"] as const) {
      expect(await placeOrder(customer.id, details, method)).toEqual({
        ok: false,
        status: 409,
        toast: { type: "error", title: "Please check your cart", description: CART_OVER_LIMIT_MESSAGE },
      });
    }
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);

    // Brought within the limits, it is placed (on a site whose unpaid-bookings limit admits a full cart).
    const lines = await cartLinesForUser(customer.id);
    await changeCart(customer.id, { intent: "remove", testId: lines[0].test_id });
    const fullCartEnv = parseEnv({ MAX_UNPAID_BOOKINGS_PER_ACCOUNT: String(MAX_CART_LINES) });
    expect((await placeCashOnDeliveryOrder(customer.id, details, fullCartEnv)).totalAmountFils).toBe(MAX_CART_LINES * 10_000);
  });
});
