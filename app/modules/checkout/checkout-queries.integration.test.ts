import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { orders, webhookSettings } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { saveOffer } from "~/modules/catalog/offers.server";
import { cartLinesForUser, changeCart } from "~/modules/cart/cart.server";
import { checkoutLineViews, checkoutSummary, saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { lineField } from "~/modules/checkout/line-choices";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { parseEnv } from "~/utils/env.server";
import { queriesDuring } from "../../../tests/setup/query-counter";

// Issue 25: a cart of 287 lines made the details step take seconds, one query per line after
// another on the embedded database's single connection. Every step of a cart's way to an order
// must now send the same number of statements whatever the number of lines.

const startedAt = Date.now();
const dayAhead = (days = 3) => new Date(startedAt + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;
const details = (): PatientDetails => ({
  patientName: "Layla Haddad",
  patientEmail: "layla@example.com",
  patientPhone: null,
  notes: null,
  scheduledDate: dayAhead(),
  scheduledTime: "08:00",
});
// A site whose booking limits admit a full cart (the defaults, 5 unpaid bookings and 2 places of a slot, refuse it).
const env = parseEnv({
  NODE_ENV: "development",
  SITE_URL: "http://localhost:3999",
  MAX_UNPAID_BOOKINGS_PER_ACCOUNT: "1000",
  MAX_SLOT_UNITS_PER_ACCOUNT: "1000",
});

/** Two labs offering `lines` tests; the customer's cart holds them all, each line at its own lab, collection and time. */
async function cartOf(lines: number) {
  const walkIn = await insertLab(db, { name: "Walk-in Lab", openingHours: everyDay("07:00", "21:00"), walkInSlotMinutes: 30, walkInCapacity: 50 });
  const home = await insertLab(db, {
    name: "Home Lab",
    openingHours: everyDay("07:00", "21:00"),
    walkInSlotMinutes: 30,
    walkInCapacity: 50,
    homeCollectionFeeFils: 3_000,
    homeCollectionAreas: ["Al Reem Island"],
    homeSlotMinutes: 60,
    homeCapacity: 50,
  });
  const customer = await createAccount(db);
  const form: Record<string, string> = {};
  for (let n = 0; n < lines; n++) {
    const test = await insertTest(db);
    await saveOffer(db, { labId: walkIn.id, testId: test.id, priceFils: 10_000 + n, walkIn: true, homeCollection: false, isActive: true });
    await saveOffer(db, { labId: home.id, testId: test.id, priceFils: 12_000 + n, walkIn: true, homeCollection: true, isActive: true });
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
    const atHome = n % 2 === 1;
    form[lineField("labId", test.id)] = atHome ? home.id : walkIn.id;
    form[lineField("collectionType", test.id)] = atHome ? "home" : "walk_in";
    // Walk-in lines every half hour from 08:00; home lines at 09:00 or 10:00 (two visits, one fee each).
    form[lineField("slotTime", test.id)] = atHome ? (n % 4 === 1 ? "09:00" : "10:00") : `${String(8 + Math.floor(n / 4)).padStart(2, "0")}:${n % 4 === 0 ? "00" : "30"}`;
    form[lineField("homeAddress", test.id)] = atHome ? "Tower 3, Flat 1204" : "";
    form[lineField("homeArea", test.id)] = atHome ? "Al Reem Island" : "";
  }
  return { customer, form };
}

/** The statements each step sends for a cart of `lines` lines, by step. */
async function statementsPerStep(lines: number) {
  const { customer, form } = await cartOf(lines);
  const counts: Record<string, number> = {};
  const count = async (step: string, run: () => Promise<unknown>) => {
    counts[step] = (await queriesDuring(run)).length;
  };
  await count("cart", () => cartLinesForUser(customer.id));
  await count("details step", () => checkoutLineViews(customer.id, dayAhead()));
  await count("details step's answer", async () => expect(await saveAndCheckLineChoices(customer.id, details(), form)).toEqual({}));
  await count("payment step", () => checkoutSummary(customer.id, details()));
  const card = demoProvider(env);
  let orderId = "";
  await count("card order", async () => {
    orderId = (await startCardPayment(card, customer.id, details(), env)).orderId;
  });
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await settleDemoSession(order.paymentSessionId!, "paid");
  await count("card payment confirmed", () => confirmPayment(card, order.paymentSessionId!, customer.id));

  const cash = await cartOf(lines);
  expect(await saveAndCheckLineChoices(cash.customer.id, details(), cash.form)).toEqual({});
  await count("cash-on-delivery order", () => placeCashOnDeliveryOrder(cash.customer.id, details(), env));

  const guest = await createAccount(db);
  const guestLines = (await cartOf(lines)).form;
  const testIds = Object.keys(guestLines)
    .filter((field) => field.startsWith("labId:"))
    .map((field) => field.slice("labId:".length));
  await count("guest cart merged at sign-in", () => changeCart(guest.id, { intent: "merge", lines: testIds.map((testId) => ({ testId, quantity: 2 })) }));
  return counts;
}

describe("a cart's queries do not grow with its lines", () => {
  it("the cart, the details step, the payment step and placing the order send as many statements for 20 lines as for 1", async () => {
    await db.insert(webhookSettings).values({ name: "CRM", url: "http://127.0.0.1:9/hook", events: ["booking_created"] });
    const one = await statementsPerStep(1);
    const twenty = await statementsPerStep(20);
    expect(twenty).toEqual(one);
  });
});
