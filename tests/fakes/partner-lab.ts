// A partner lab for the portal's tests: a lab with hours, slots and home collection, a test it alone
// offers, its manager and staff accounts, and bookings made the way customers make them (cash on
// delivery, or a card paid through the demo provider).
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, labMembers, orders } from "~/db/schema";
import { changeCart } from "~/modules/cart/cart.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { parseEnv } from "~/utils/env.server";
import { patientDetails } from "./patient-details";

export const demoEnv = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });

export const everyDay = (open: string, close: string) => Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as OpeningHours;

/** A yyyy-MM-dd date `days` from today in Asia/Dubai. */
export const dubaiDayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

/** A lab open 07:00-21:00 every day (walk-in slots of 30 minutes for 3, home slots of 60 minutes for 2), its own test, a manager and a staff member. */
export async function partnerLab(name: string) {
  const lab = await insertLab(db, {
    name,
    openingHours: everyDay("07:00", "21:00"),
    walkInSlotMinutes: 30,
    walkInCapacity: 3,
    homeCollectionFeeFils: 4_000,
    homeCollectionAreas: ["Al Reem Island"],
    homeSlotMinutes: 60,
    homeCapacity: 2,
  });
  const test = await insertTest(db, { name: `${name} Panel`, priceFils: 99_999, preparationInstructions: "<p>Fast for 8 hours.</p>" });
  const offer = await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: true, isActive: true });
  const manager = await createAccount(db, { name: `${name} Manager` });
  const staff = await createAccount(db, { name: `${name} Staff` });
  await db.insert(labMembers).values([
    { labId: lab.id, userId: manager.id, role: "manager" },
    { labId: lab.id, userId: staff.id, role: "staff" },
  ]);
  return { lab, test, offer, manager, staff };
}

type PartnerLab = Awaited<ReturnType<typeof partnerLab>>;
type BookingOptions = { patientName?: string; patientPhone?: string; date?: string; time?: string; home?: boolean; customer?: Awaited<ReturnType<typeof createAccount>> };

/** Puts the lab's test in a new customer's cart with the choices of a booking at `time` on `date`. */
async function cartFor({ lab, test }: PartnerLab, { patientName = "Layla Haddad", patientPhone, date = dubaiDayAhead(3), time = "09:00", home = false, customer: existing }: BookingOptions) {
  const customer = existing ?? (await createAccount(db));
  await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 1 });
  const details = patientDetails(patientName, { scheduledDate: date, scheduledTime: time, patientPhone: patientPhone ?? null });
  const choices: Record<string, string> = { [`labId:${test.id}`]: lab.id, [`collectionType:${test.id}`]: home ? "home" : "walk_in", [`slotTime:${test.id}`]: time };
  if (home) Object.assign(choices, { [`homeAddress:${test.id}`]: "Tower 3, Flat 1204", [`homeArea:${test.id}`]: "Al Reem Island" });
  const problems = await saveAndCheckLineChoices(customer.id, details, choices);
  if (Object.keys(problems).length > 0) throw new Error(`booking choices refused: ${JSON.stringify(problems)}`);
  return { customer, details };
}

/** A cash-on-delivery booking of the lab's test. */
export async function codBooking(partner: PartnerLab, options: BookingOptions = {}) {
  const { customer, details } = await cartFor(partner, options);
  const order = await placeCashOnDeliveryOrder(customer.id, details, demoEnv);
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
  return { customer, order, booking };
}

/** A booking paid by card through the demo provider. */
export async function cardBooking(partner: PartnerLab, options: BookingOptions = {}) {
  const { customer, details } = await cartFor(partner, options);
  const card = demoProvider(demoEnv);
  const { orderId } = await startCardPayment(card, customer.id, details, demoEnv);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await settleDemoSession(order.paymentSessionId!, "paid");
  await confirmPayment(card, order.paymentSessionId!, customer.id);
  const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, orderId));
  return { customer, order, booking };
}
