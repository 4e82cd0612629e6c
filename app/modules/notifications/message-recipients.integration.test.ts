import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { sentMessages, user } from "~/db/schema";
import { createBooking } from "~/modules/booking/create-booking.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "12:00" }])) as OpeningHours;
const DAY = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
/** A phishing line typed as the patient's name. */
const LURE = "Your account is locked, sign in at https://evil.example now";

async function labTest() {
  const lab = await insertLab(db, { name: "Reem Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
  const test = await insertTest(db, { name: "Lipid Profile", priceFils: 20_000 });
  await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 15_000, walkIn: true, homeCollection: false, isActive: true });
  return { lab, test };
}

async function drain() {
  while ((await runDueJobs(jobHandlers)) > 0) {
    // keep going
  }
}

const details = (overrides: Partial<PatientDetails>) => patientDetails("Layla Haddad", { scheduledDate: DAY, ...overrides });

/** Books the test (Book Test) and orders it (cash on delivery) for `patient`, then sends the queued messages. */
async function bookAndOrderFor(account: { id: string }, patient: Partial<PatientDetails>) {
  const { lab, test } = await labTest();
  const booking = await createBooking(account.id, test.id, { ...details(patient), labId: lab.id });
  await changeCart(account.id, { intent: "add", testId: test.id, quantity: 1 });
  await placeCashOnDeliveryOrder(account.id, details({ ...patient, scheduledTime: "10:00" }));
  await drain();
  return booking;
}

describe("who gets the booking and order messages", () => {
  it("an unverified account booking for another address: every message goes to the account's own address, none to the stranger", async () => {
    const eve = await createAccount(db, { email: "eve@example.com", emailVerified: false });
    const booking = await bookAndOrderFor(eve, { patientEmail: "victim@example.com", patientName: LURE });
    await db.transaction((tx) => transitionBooking(tx, booking.id, "cancelled", { kind: "customer", id: eve.id }, "customer_cancel"));
    await drain();

    const messages = await db.select().from(sentMessages);
    expect(messages.map((message) => message.kind).sort()).toEqual(["booking_cancelled", "booking_confirmed", "booking_confirmed", "order_received"]);
    expect(new Set(messages.map((message) => message.to))).toEqual(new Set(["eve@example.com"]));
    // The calendar file invites the address it was sent to.
    const ics = messages.find((message) => message.kind === "booking_confirmed")!.attachments[0].content;
    expect(ics.replace(/\r\n[ \t]/g, "")).toContain(":MAILTO:eve@example.com");
    expect(ics).not.toContain("victim@example.com");
  });

  it("once the account's address is verified, another patient's address gets them, greeted without the name typed and told who booked", async () => {
    const owner = await createAccount(db, { email: "owner@example.com", emailVerified: false });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
    await bookAndOrderFor(owner, { patientEmail: "Mum@Example.com", patientName: LURE });

    const messages = await db.select().from(sentMessages);
    expect(messages).toHaveLength(3);
    for (const message of messages) {
      expect(message.to).toBe("Mum@Example.com");
      expect(message.text).toMatch(/^Hello,$/m);
      expect(message.text).not.toContain(`Hello ${LURE}`);
      expect(message.html).not.toContain(`Hello ${LURE}`);
      expect(message.text).toContain("owner@example.com");
      expect(message.text).toMatch(/for you on LabTest Hub/);
    }
  });

  it("the account's own address, in any case, is greeted by the patient's name as before", async () => {
    const layla = await createAccount(db, { email: "layla@example.com", emailVerified: false });
    await bookAndOrderFor(layla, { patientEmail: "Layla@Example.com" });
    const messages = await db.select().from(sentMessages);
    expect(messages).toHaveLength(3);
    for (const message of messages) {
      expect(message.to.toLowerCase()).toBe("layla@example.com");
      expect(message.text).toContain("Hello Layla Haddad,");
      expect(message.text).not.toMatch(/for you on LabTest Hub/);
    }
  });
});
