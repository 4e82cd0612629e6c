import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, orderItems, orders } from "~/db/schema";
import { BookingChoiceError, createBooking, UNKNOWN_SAVED_PATIENT_MESSAGE } from "~/modules/booking/create-booking.server";
import { BookingFormSchema } from "~/modules/booking/schemas";
import { saveSavedPatient } from "~/modules/accounts/saved-patients.server";
import { saveOffer } from "~/modules/catalog/offers.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";

// Issue 26: Book Test for one of the account's saved patients; the lab gets their date of birth
// and sex from the saved record, whatever the browser sends.
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "14:00" }])) as OpeningHours;
const DAY = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });

async function offeredTest() {
  const lab = await insertLab(db, { name: "Walk-in Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 2 });
  const test = await insertTest(db, { name: "Thyroid Panel", priceFils: 20_000 });
  await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 18_000, walkIn: true, homeCollection: false, isActive: true });
  return test;
}

async function patientOf(userId: string, fullName: string) {
  const saved = await saveSavedPatient(userId, { fullName, dateOfBirth: "1990-06-01", sex: "female", phone: "+971 55 111 2222", emiratesId: null, isAccountHolder: false });
  if (saved.outcome !== "saved") throw new Error("patient not saved");
  return saved.patient;
}

/** The Book Test form as a browser posts it, parsed as the action parses it. */
const bookingForm = (fields: Record<string, string>) =>
  BookingFormSchema.parse({ patientName: "Typed Name", patientEmail: "layla@example.com", scheduledDate: DAY, scheduledTime: "10:00", ...fields });

describe("Book Test with a saved patient", () => {
  it("books for the saved patient: their name, phone, date of birth and sex from the saved record, not from the form", async () => {
    const test = await offeredTest();
    const customer = await createAccount(db);
    const huda = await patientOf(customer.id, "Huda Saleh");
    const form = bookingForm({ savedPatientId: huda.id, patientDateOfBirth: "2001-01-01", patientSex: "male" });

    const booking = await createBooking(customer.id, test.id, form);

    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      patientName: "Huda Saleh",
      patientPhone: "+971 55 111 2222",
      savedPatientId: huda.id,
      patientDateOfBirth: "1990-06-01",
      patientSex: "female",
    });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, booking.orderId!));
    expect(item.patientIds).toEqual([huda.id]);
  });

  it("without a saved patient the booking is for the name typed, as before", async () => {
    const test = await offeredTest();
    const customer = await createAccount(db);
    const booking = await createBooking(customer.id, test.id, bookingForm({ savedPatientId: "" }));
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ patientName: "Typed Name", savedPatientId: null, patientDateOfBirth: null, patientSex: null });
  });

  it("refuses another account's patient on the Patient field and books nothing", async () => {
    const test = await offeredTest();
    const customer = await createAccount(db);
    const stranger = await createAccount(db);
    const theirs = await patientOf(stranger.id, "Not Yours");

    const error = await createBooking(customer.id, test.id, bookingForm({ savedPatientId: theirs.id })).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BookingChoiceError);
    expect(error).toMatchObject({ field: "savedPatientId", message: UNKNOWN_SAVED_PATIENT_MESSAGE });
    expect(await db.select().from(bookings).where(eq(bookings.userId, customer.id))).toEqual([]);
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
  });
});
