import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import { saveSavedPatient } from "~/modules/accounts/saved-patients.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { unitPatientField } from "~/modules/checkout/line-choices";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { ordersForUser } from "~/modules/orders/order-history.server";
import { orderAppointments } from "~/modules/orders/order-history-table";
import { rescheduleMyBooking } from "~/modules/payments/booking-changes.server";
import { appointmentOf } from "~/modules/slots/appointment-time";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { PatientDetailsSchema } from "~/modules/booking/schemas";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import { parseEnv } from "~/utils/env.server";

// Issue 26 (decision 0054's known gap): rescheduling one unit of a two-patient line moves that
// booking only; Order History shows each booking's own time, read from the booking.
const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "14:00" }])) as OpeningHours;
const DAY = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

async function patientOf(userId: string, fullName: string) {
  const saved = await saveSavedPatient(userId, { fullName, dateOfBirth: "1984-03-12", sex: "male", phone: null, emiratesId: null, isAccountHolder: false });
  if (saved.outcome !== "saved") throw new Error("patient not saved");
  return saved.patient;
}

describe("Order History shows each booking's own time", () => {
  it("after one unit of a two-patient line is rescheduled, the moved booking shows its new time and the other its own", async () => {
    const lab = await insertLab(db, { name: "Family Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
    const test = await insertTest(db, { name: "Vitamin D", priceFils: 12_000 });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 10_000, walkIn: true, homeCollection: false, isActive: true });
    const customer = await createAccount(db);
    const omar = await patientOf(customer.id, "Omar Haddad");
    const mariam = await patientOf(customer.id, "Mariam Haddad");
    await changeCart(customer.id, { intent: "add", testId: test.id, quantity: 2 });
    const details = PatientDetailsSchema.parse({ patientName: "Layla Haddad", patientEmail: customer.email, scheduledDate: DAY });
    const form = { [`labId:${test.id}`]: lab.id, [`slotTime:${test.id}`]: "09:00", [unitPatientField(test.id, 0)]: omar.id, [unitPatientField(test.id, 1)]: mariam.id };
    expect(await saveAndCheckLineChoices(customer.id, details, form)).toEqual({});
    const order = await placeCashOnDeliveryOrder(customer.id, details, env);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    const omarsBooking = booked.find((booking) => booking.patientName === "Omar Haddad")!;

    const before = (await ordersForUser(customer.id))[0];
    expect(orderAppointments(before)).toEqual([{ date: DAY, time: "09:00" }]);

    const moved = await rescheduleMyBooking(customer.id, omarsBooking.id, { labId: lab.id, date: DAY, time: "11:30", expectedSequence: 0 }, env);
    expect(moved).toMatchObject({ ok: true });

    const [after] = await ordersForUser(customer.id);
    const [line] = after.items.filter((item) => item.kind === "test");
    // Each booking its own time: Omar's moved, Mariam's stayed.
    const times = Object.fromEntries(line.visits.map((visit) => [visit.patientName, appointmentOf(visit)]));
    expect(times).toEqual({ "Omar Haddad": { date: DAY, time: "11:30" }, "Mariam Haddad": { date: DAY, time: "09:00" } });
    expect(orderAppointments(after)).toEqual([
      { date: DAY, time: "09:00" },
      { date: DAY, time: "11:30" },
    ]);

    // Another account sees none of it.
    const stranger = await createAccount(db);
    expect(await ordersForUser(stranger.id)).toEqual([]);
  });

  it("a cancelled booking's time is not an appointment while another booking of the order is still on", () => {
    const visit = (time: string, status: "pending" | "cancelled") => ({
      patientName: "Omar",
      status,
      labName: "Family Lab",
      collectionType: "walk_in",
      slotStart: null,
      scheduledDate: DAY,
      scheduledTime: time,
    });
    const order = {
      scheduledDate: DAY,
      scheduledTime: "08:00",
      items: [{ id: "1", testName: "Vitamin D", quantity: 2, unitPriceFils: 1, totalPriceFils: 2, kind: "test", visits: [visit("09:00", "cancelled"), visit("10:00", "pending")] }],
    };
    expect(orderAppointments(order)).toEqual([{ date: DAY, time: "10:00" }]);
  });
});
