import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings, orders, profiles, tests } from "~/db/schema";
import { todayInDubai } from "~/utils/dubai-date";
import { createBooking } from "~/modules/booking/create-booking.server";
import { cartLinesForUser, changeCart } from "~/modules/cart/cart.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard";
import { action as profileAction } from "~/routes/profile";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";
import { cancelOrder } from "~/modules/payments/cancel-order.server";
import { bookingsForUser, ordersForUser } from "~/modules/orders/order-history.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

const details = patientDetails("Omar Saeed", { scheduledTime: "10:30" });

async function customerWithOrder(priceFils = 15_000) {
  const customer = await createAccount(db);
  const test = await insertTest(db, { priceFils });
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
  const order = await placeCashOnDeliveryOrder(customer.id, details);
  return { customer, test, order };
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

describe("orders of the dashboard", () => {
  it("Cancel cancels the customer's order and its pending bookings", async () => {
    const { customer, order } = await customerWithOrder();
    expect(await cancelOrder(customer.id, order.id)).toBe("cancelled");
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.orderStatus).toBe("cancelled");
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked.every((booking) => booking.status === "cancelled")).toBe(true);
    expect(await cancelOrder(customer.id, order.id)).toBe("not-cancellable");
  });

  it("a customer cannot cancel or resume another customer's order (forged id in the dashboard action)", async () => {
    const { order } = await customerWithOrder();
    const mallory = await createAccount(db);
    const asMallory = await signedInAs(mallory);
    for (const intent of ["cancel", "resume"]) {
      const outcome = await routeOutcome(() =>
        dashboardAction(
          routeArgs<Parameters<typeof dashboardAction>[0]>(
            asMallory("/dashboard", { method: "POST", body: form({ intent, orderId: order.id }) }),
          ),
        ),
      );
      expect(outcome.status).toBe(404);
    }
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.orderStatus).toBe("pending");
    expect(await cartLinesForUser(mallory.id)).toEqual([]);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked.every((booking) => booking.status === "pending")).toBe(true);
  });

  it("the dashboard lists only the customer's own orders and bookings, newest first", async () => {
    const { customer, order } = await customerWithOrder();
    await customerWithOrder();
    const test = await insertTest(db);
    const later = await createBooking(customer.id, test.id, { ...details, scheduledTime: "11:00" });
    const asCustomer = await signedInAs(customer);
    const outcome = await routeOutcome(() =>
      dashboardLoader(routeArgs<Parameters<typeof dashboardLoader>[0]>(asCustomer("/dashboard"))),
    );
    const body = outcome.body as Awaited<ReturnType<typeof dashboardLoader>>;
    // Issue 26: a Book Test booking belongs to an order of its own, which the history lists too.
    expect(body.orders.map((row) => row.id)).toEqual([later.orderId, order.id]);
    expect(body.bookings).toHaveLength(2);
    expect(body.bookings[0].id).toBe(later.id);
    expect((await bookingsForUser(customer.id)).every((row) => row.patientName === "Omar Saeed")).toBe(true);
  });

  it("Resume expires an order whose booking date has passed", async () => {
    const { customer, order } = await customerWithOrder();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    expect(await resumeOrder(customer.id, order.id, todayInDubai(tomorrow))).toBe("expired");
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.orderStatus).toBe("expired");
    expect(await resumeOrder(customer.id, order.id)).toBe("not-resumable");
    expect(await cancelOrder(customer.id, order.id)).toBe("not-cancellable");
  });

  it("Resume loads the order into the cart at its original prices; the new order uses them and supersedes the old one", async () => {
    const { customer, test, order } = await customerWithOrder(15_000);
    await db.update(tests).set({ priceFils: 19_900 }).where(eq(tests.id, test.id));
    expect(await resumeOrder(customer.id, order.id)).toBe("loaded");
    expect(await cartLinesForUser(customer.id)).toMatchObject([{ test_id: test.id, quantity: 2, price: 15_000 }]);

    const replacement = await placeCashOnDeliveryOrder(customer.id, details);
    expect(replacement.totalAmountFils).toBe(30_000);
    const [old] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(old.orderStatus).toBe("cancelled");
    expect((await ordersForUser(customer.id)).map((row) => row.id)).toEqual([replacement.id, order.id]);
  });
});

describe("profile", () => {
  it("updates only the signed-in customer's own profile, whatever id the form names", async () => {
    const alice = await createAccount(db, { profile: { firstName: "Alice" } });
    const mallory = await createAccount(db);
    const asMallory = await signedInAs(mallory);
    const outcome = await routeOutcome(() =>
      profileAction(
        routeArgs<Parameters<typeof profileAction>[0]>(
          asMallory("/profile", {
            method: "POST",
            body: form({ id: alice.id, userId: alice.id, firstName: "Mal", lastName: "Lory", phone: "+971 50 000 0000" }),
          }),
        ),
      ),
    );
    expect(outcome).toMatchObject({ status: 302, location: "/dashboard" });
    const [aliceProfile] = await db.select().from(profiles).where(eq(profiles.id, alice.id));
    const [malloryProfile] = await db.select().from(profiles).where(eq(profiles.id, mallory.id));
    expect(aliceProfile.firstName).toBe("Alice");
    expect(malloryProfile).toMatchObject({ firstName: "Mal", lastName: "Lory", phone: "+971 50 000 0000" });
  });

  it("refuses values over the limits with field messages", async () => {
    const asCustomer = await signedInAs(await createAccount(db));
    const outcome = await routeOutcome(() =>
      profileAction(
        routeArgs<Parameters<typeof profileAction>[0]>(
          asCustomer("/profile", { method: "POST", body: form({ firstName: "x".repeat(101), lastName: "", phone: "call me" }) }),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body).toMatchObject({ fieldErrors: { firstName: expect.any(Array), phone: ["Please enter a valid phone number"] } });
  });
});
