import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import {
  bookings,
  cartItems,
  demoPaymentSessions,
  orderItems,
  orders,
  slotCounts,
} from "~/db/schema";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import {
  demoProvider,
  settleDemoSession,
} from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { slotStartFor } from "~/modules/slots/schedule";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { action as bookAction } from "~/routes/book";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { todayInDubai } from "~/utils/dubai-date";
import { parseEnv } from "~/utils/env.server";
import {
  routeArgs,
  routeOutcome,
  signedInAs,
} from "../../../tests/fakes/signed-in-request";

// Issue 26, "The money": Book Test paid by card now. Days count from the file's start (a run crossing midnight in Dubai keeps one date).
const startedAt = Date.now();
const DAY = todayInDubai(new Date(startedAt + 3 * 86_400_000));
const env = parseEnv({
  NODE_ENV: "development",
  SITE_URL: "http://localhost:3999",
});
const everyDay = Object.fromEntries(
  weekdays.map((day) => [day, { open: "08:00", close: "14:00" }]),
) as OpeningHours;
type BookActionArgs = Parameters<typeof bookAction>[0];

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
};

async function labOffering() {
  const lab = await insertLab(db, {
    name: "Card Lab",
    openingHours: everyDay,
    walkInCapacity: 1,
  });
  const test = await insertTest(db, { name: "Vitamin D", priceFils: 10_000 });
  await saveOffer(db, {
    labId: lab.id,
    testId: test.id,
    priceFils: 18_500,
    walkIn: true,
    homeCollection: false,
    isActive: true,
  });
  return { lab, test };
}

const cardForm = (labId: string, extra: Record<string, string> = {}) =>
  form({
    patientName: "Noor Khalil",
    patientEmail: "noor@example.com",
    patientPhone: "",
    notes: "",
    scheduledDate: DAY,
    scheduledTime: "10:00",
    labId,
    collectionType: "walk_in",
    payment: "card",
    ...extra,
  });

async function postCard(
  request: Awaited<ReturnType<typeof signedInAs>> | null,
  testId: string,
  body: FormData,
) {
  const init = { method: "POST", body };
  const req = request
    ? request(`/book/${testId}`, init)
    : new Request(`http://localhost:3999/book/${testId}`, init);
  return routeOutcome(() =>
    bookAction(routeArgs<BookActionArgs>(req, { testId })),
  );
}

/** The order's demo card session (as created), settled as paid on the provider's side. */
async function paidSession(orderId: string) {
  const [session] = await db
    .select()
    .from(demoPaymentSessions)
    .where(eq(demoPaymentSessions.orderId, orderId));
  await settleDemoSession(session.id, "paid");
  return session;
}

describe("Book Test paid by card now", () => {
  it("makes an order waiting for its payment with the slot held and no booking; the payment books it once, at the database price", async () => {
    const { lab, test } = await labOffering();
    const customer = await createAccount(db);
    const other = await createAccount(db);
    const outcome = await postCard(
      await signedInAs(customer),
      test.id,
      // Forged: a price, a total, another user.
      cardForm(lab.id, {
        priceFils: "1",
        totalAmountFils: "1",
        unitPriceFils: "1",
        userId: other.id,
      }),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/\/demo-checkout\/demo_cs_/);

    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, customer.id));
    expect(order).toMatchObject({
      paymentMethod: "stripe",
      paymentStatus: "pending",
      totalAmountFils: 18_500,
    });
    expect(order.slotHoldExpiresAt).toBeInstanceOf(Date);
    expect(
      await db.select().from(orders).where(eq(orders.userId, other.id)),
    ).toEqual([]);
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(items).toMatchObject([
      {
        testId: test.id,
        labId: lab.id,
        unitPriceFils: 18_500,
        slotStart: slotStartFor(DAY, "10:00"),
      },
    ]);
    expect(
      await db.select().from(bookings).where(eq(bookings.userId, customer.id)),
    ).toEqual([]);
    // The lab's one walk-in place at 10:00 is held: another customer cannot take it.
    const [count] = await db
      .select()
      .from(slotCounts)
      .where(eq(slotCounts.labId, lab.id));
    expect(count.taken).toBe(1);
    const someoneElse = await postCard(
      await signedInAs(other),
      test.id,
      cardForm(lab.id, { payment: "cash" }),
    );
    expect(someoneElse.status).toBe(409);

    const session = await paidSession(order.id);
    expect(session.amountFils).toBe(18_500);
    await confirmPayment(demoProvider(env), session.id, customer.id);
    const booked = await db
      .select()
      .from(bookings)
      .where(eq(bookings.userId, customer.id));
    expect(booked).toMatchObject([
      {
        orderId: order.id,
        testId: test.id,
        labId: lab.id,
        patientName: "Noor Khalil",
        priceFils: 18_500,
        slotStart: slotStartFor(DAY, "10:00"),
      },
    ]);
    const [paid] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(paid.paymentStatus).toBe("paid");

    // A second confirmation (refresh, webhook) changes nothing.
    const again = await confirmPayment(
      demoProvider(env),
      session.id,
      customer.id,
    );
    expect(again.newlyPaid).toBe(false);
    expect(
      await db.select().from(bookings).where(eq(bookings.userId, customer.id)),
    ).toHaveLength(1);
    const [still] = await db
      .select()
      .from(slotCounts)
      .where(eq(slotCounts.labId, lab.id));
    expect(still.taken).toBe(1);
  });

  it("refuses a signed-out request and a full slot, writing nothing", async () => {
    const { lab, test } = await labOffering();
    const anonymous = await postCard(null, test.id, cardForm(lab.id));
    expect(anonymous.status).toBe(401);
    expect(await db.select().from(orders)).toEqual([]);

    const first = await createAccount(db);
    expect(
      (await postCard(await signedInAs(first), test.id, cardForm(lab.id)))
        .status,
    ).toBe(302);
    const second = await createAccount(db);
    const full = await postCard(
      await signedInAs(second),
      test.id,
      cardForm(lab.id),
    );
    expect(full.status).toBe(409);
    expect(
      await db.select().from(orders).where(eq(orders.userId, second.id)),
    ).toEqual([]);
  });

  it("leaves the cart as it was when the booking is paid, the same test in it included", async () => {
    const { lab, test } = await labOffering();
    const customer = await createAccount(db);
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
    expect(
      (await postCard(await signedInAs(customer), test.id, cardForm(lab.id)))
        .status,
    ).toBe(302);
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, customer.id));
    expect(order.placedFrom).toBe("book_test");
    const session = await paidSession(order.id);
    expect(
      (await confirmPayment(demoProvider(env), session.id, customer.id))
        .newlyPaid,
    ).toBe(true);
    expect(
      await db.select().from(bookings).where(eq(bookings.userId, customer.id)),
    ).toHaveLength(1);
    const cart = await db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, customer.id));
    expect(cart).toMatchObject([{ testId: test.id, quantity: 2 }]);
  });

  it("a form sent again replaces the same patient's unpaid order: one place held, the old payment page closed", async () => {
    const { lab, test } = await labOffering();
    const customer = await createAccount(db);
    const as = await signedInAs(customer);
    const first = await postCard(as, test.id, cardForm(lab.id));
    expect(first.status).toBe(302);
    // The same form again (a replayed request, or the patient back from the payment page): the lab's one place is theirs still.
    const again = await postCard(as, test.id, cardForm(lab.id, { patientName: " noor khalil " }));
    expect(again.status).toBe(302);
    expect(again.location).not.toBe(first.location);
    const placed = await db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(placed.map((order) => order.orderStatus).sort()).toEqual(["cancelled", "pending"]);
    const [old] = placed.filter((order) => order.orderStatus === "cancelled");
    const [oldSession] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.orderId, old.id));
    expect(oldSession.status).not.toBe("open");
    const [count] = await db.select().from(slotCounts).where(eq(slotCounts.labId, lab.id));
    expect(count.taken).toBe(1);
    // The new one is paid and booked once.
    const [open] = placed.filter((order) => order.orderStatus === "pending");
    const session = await paidSession(open.id);
    expect((await confirmPayment(demoProvider(env), session.id, customer.id)).newlyPaid).toBe(true);
    expect(await db.select().from(bookings).where(eq(bookings.userId, customer.id))).toHaveLength(1);
  });

  it("two forms sent at once leave one unpaid order; another patient's order stays", async () => {
    const { lab, test } = await labOffering();
    const customer = await createAccount(db);
    const as = await signedInAs(customer);
    const outcomes = await Promise.all([postCard(as, test.id, cardForm(lab.id)), postCard(as, test.id, cardForm(lab.id))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([302, 302]);
    const open = async () =>
      (await db.select().from(orders).where(eq(orders.userId, customer.id))).filter((order) => order.orderStatus === "pending");
    expect(await open()).toHaveLength(1);
    const other = await postCard(as, test.id, cardForm(lab.id, { patientName: "Omar Khalil", scheduledTime: "11:00" }));
    expect(other.status).toBe(302);
    expect((await open()).map((order) => order.customerName).sort()).toEqual(["Noor Khalil", "Omar Khalil"]);
  });

  it("refuses an unknown payment choice", async () => {
    const { lab, test } = await labOffering();
    const customer = await createAccount(db);
    const outcome = await postCard(
      await signedInAs(customer),
      test.id,
      cardForm(lab.id, { payment: "bitcoin" }),
    );
    expect(outcome.status).toBe(400);
    expect(
      await db.select().from(orders).where(eq(orders.userId, customer.id)),
    ).toEqual([]);
  });
});
