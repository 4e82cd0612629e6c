import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { orderItems, orders } from "~/db/schema";
import { todayInDubai } from "~/utils/dubai-date";
import { changeCart } from "~/modules/cart/cart.server";
import { action, loader } from "~/routes/checkout";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

type Args = Parameters<typeof action>[0];

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

/** Runs a route function and returns the Response it threw (redirects) or null. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("checkout route", () => {
  it("sends visitors from the details step to sign in, and back to it afterwards", async () => {
    const outcome = await routeOutcome(() =>
      loader(routeArgs(new Request("http://localhost:3999/checkout?step=details"))),
    );
    expect(outcome).toMatchObject({
      status: 302,
      location: `/auth?redirect=${encodeURIComponent("/checkout?step=details")}`,
    });
  });

  it("keeps the details between steps and charges database prices, ignoring any price the client posts", async () => {
    const customer = await createAccount(db);
    const test = await insertTest(db, { priceFils: 27_500 });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
    const asCustomer = await signedInAs(customer);

    const invalid = await routeOutcome(() =>
      action(
        routeArgs<Args>(
          asCustomer("/checkout?step=details", {
            method: "POST",
            body: form({ intent: "details", patientName: "", patientEmail: "", scheduledDate: "", scheduledTime: "09:00" }),
          }),
        ),
      ),
    );
    expect(invalid).toMatchObject({
      status: 400,
      body: {
        fieldErrors: {
          patientName: ["Patient name is required"],
          patientEmail: ["Email is required"],
          scheduledDate: ["Please select a date"],
        },
      },
    });

    const saved = await thrown(() =>
      action(
        routeArgs<Args>(
          asCustomer("/checkout?step=details", {
            method: "POST",
            body: form({
              intent: "details",
              patientName: "Mariam Noor",
              patientEmail: "mariam@example.com",
              patientPhone: "",
              notes: "",
              scheduledDate: todayInDubai(),
              scheduledTime: "11:15",
            }),
          }),
        ),
      ),
    );
    expect(saved?.headers.get("Location")).toBe("/checkout?step=payment");
    const detailsCookie = saved!.headers.get("Set-Cookie")!.split(";")[0];
    const withDetails = (path: string, init: RequestInit = {}) => {
      const request = asCustomer(path, init);
      request.headers.set("Cookie", `${request.headers.get("Cookie")}; ${detailsCookie}`);
      return request;
    };

    const payment = await routeOutcome(() => loader(routeArgs(withDetails("/checkout?step=payment"))));
    expect(payment.body).toMatchObject({ step: "payment", details: { patientName: "Mariam Noor", scheduledTime: "11:15" } });

    const placed = await thrown(() =>
      action(
        routeArgs<Args>(
          withDetails("/checkout?step=payment", {
            method: "POST",
            body: form({
              intent: "pay",
              paymentMethod: "cash_on_delivery",
              total_amount: "1",
              price: "1",
              items: JSON.stringify([{ test_id: test.id, price: 1, quantity: 2 }]),
            }),
          }),
        ),
      ),
    );
    expect(placed?.headers.get("Location")).toMatch(/^\/checkout\?step=confirmation&order=/);
    const [order] = await db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order).toMatchObject({ totalAmountFils: 55_000, customerName: "Mariam Noor", scheduledTime: "11:15" });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ unitPriceFils: 27_500, totalPriceFils: 55_000 });

    // Another customer cannot open this order's confirmation.
    const stranger = await signedInAs(await createAccount(db));
    const peek = await routeOutcome(() =>
      loader(routeArgs(stranger(`/checkout?step=confirmation&order=${order.id}`))),
    );
    expect(peek.status).toBe(404);
  });
});
