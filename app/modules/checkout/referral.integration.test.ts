import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { bookings, cartItems, orderItems, orders, referralFiles } from "~/db/schema";
import { createAccount, insertLab, insertTest } from "~/seed/factories.server";
import type { PatientDetails } from "~/modules/booking/schemas";
import { saveOffer } from "~/modules/catalog/offers.server";
import { changeCart } from "~/modules/cart/cart.server";
import { saveSavedPatient } from "~/modules/accounts/saved-patients.server";
import { unitPatientField } from "~/modules/checkout/line-choices";
import { placeCashOnDeliveryOrder } from "~/modules/checkout/place-order.server";
import { placeOrder } from "~/modules/checkout/place-order-by-method.server";
import { checkoutLineViews, saveAndCheckLineChoices } from "~/modules/checkout/line-choices.server";
import { lineReferralErrorKey, REFERRAL_CONFIRM_MESSAGE, REFERRAL_SIZE_MESSAGE, REFERRAL_TYPE_MESSAGE, REFERRAL_UPLOAD_MESSAGE, referralFields } from "~/modules/booking/referral";
import { BookingChoiceError, createBooking } from "~/modules/booking/create-booking.server";
import { referralFileOfBooking } from "~/modules/booking/referral-file.server";
import { forgetUnusedReferralFiles, storeReferralFile } from "~/modules/booking/referral-upload.server";
import { demoProvider, settleDemoSession } from "~/modules/payments/card-provider.server";
import { confirmPayment } from "~/modules/payments/confirm-payment.server";
import { resumeOrder } from "~/modules/payments/resume-order.server";
import { startCardPayment } from "~/modules/payments/start-card-payment.server";
import { weekdays, type OpeningHours } from "~/modules/slots/collection-types";
import { parseEnv } from "~/utils/env.server";

// Issue 26, "What the visit and the lab need": a test whose setting asks for a doctor's referral
// gets it before booking (the doctor's name with a confirming checkbox, or the referral file),
// at checkout and in Book Test; the server refuses the booking without it and writes nothing.

const startedAt = Date.now();
const dayAhead = (days = 3) => new Date(startedAt + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Dubai" });
const everyDay = Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "12:00" }])) as OpeningHours;
const env = parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3999" });

const details = (): PatientDetails => ({
  patientName: "Layla Haddad",
  patientEmail: "layla@example.com",
  patientPhone: "+971 50 123 4567",
  notes: null,
  scheduledDate: dayAhead(),
  scheduledTime: "09:00",
});

const PDF = Buffer.from("%PDF-1.4\n% Referral: Dr. Amal Saeed asks for a BRCA panel\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("image")]);
const file = (bytes: Buffer, type: string, name = "referral.pdf") => new File([new Uint8Array(bytes)], name, { type });

/** A customer whose cart holds a package (doctor's name, two units) and a genetic test (upload), both at one lab. */
async function referralCart() {
  const lab = await insertLab(db, { name: "Referral Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
  const checkUp = await insertTest(db, { name: "Full Body Check-up", priceFils: 40_000, referralRequirement: "doctor_name" });
  const genetic = await insertTest(db, { name: "BRCA Gene Panel", priceFils: 150_000, referralRequirement: "upload" });
  for (const test of [checkUp, genetic]) {
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: test.priceFils, walkIn: true, homeCollection: false, isActive: true });
  }
  const customer = await createAccount(db);
  await changeCart(customer.id, { intent: "add", testId: checkUp.id, quantity: 2 });
  await changeCart(customer.id, { intent: "add", testId: genetic.id, quantity: 1 });
  return { lab, checkUp, genetic, customer };
}

const nameForm = (testId: string, doctorName: string) => ({ [referralFields(testId).confirmed]: "on", [referralFields(testId).doctorName]: doctorName });
const uploadForm = (testId: string, upload: File) => ({ [referralFields(testId).file]: upload });

async function cartLine(userId: string, testId: string) {
  const lines = await db.select().from(cartItems).where(eq(cartItems.userId, userId));
  return lines.find((line) => line.testId === testId)!;
}

describe("the doctor's referral at checkout", () => {
  it("refuses the details step without the referrals, saving nothing, and then books each unit with the doctor's name and the file", async () => {
    const { checkUp, genetic, customer } = await referralCart();

    const refused = await saveAndCheckLineChoices(customer.id, details(), {});
    expect(refused[lineReferralErrorKey(checkUp.id)]?.[0]).toBe(`Full Body Check-up: ${REFERRAL_CONFIRM_MESSAGE}`);
    expect(refused[lineReferralErrorKey(genetic.id)]?.[0]).toBe(`BRCA Gene Panel: ${REFERRAL_UPLOAD_MESSAGE}`);
    // The name without the confirming checkbox is refused too.
    const unconfirmed = await saveAndCheckLineChoices(customer.id, details(), {
      [referralFields(checkUp.id).doctorName]: "Dr. Amal Saeed",
      ...uploadForm(genetic.id, file(PDF, "application/pdf")),
    });
    expect(Object.keys(unconfirmed)).toEqual([lineReferralErrorKey(checkUp.id)]);
    expect(await cartLine(customer.id, checkUp.id)).toMatchObject({ referralDoctorName: null, referralFileId: null, slotStart: null });
    expect(await db.select().from(referralFiles).where(eq(referralFiles.userId, customer.id))).toEqual([]);
    // Placing the order without them is refused, and writes nothing.
    const placed = await placeOrder(customer.id, details(), "cash_on_delivery");
    expect(placed).toMatchObject({ ok: false, status: 409 });
    expect(!placed.ok && placed.toast.description).toContain("needs a doctor's referral");
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);

    const form = { ...nameForm(checkUp.id, "  Dr. Amal Saeed "), ...uploadForm(genetic.id, file(PDF, "application/pdf")) };
    expect(await saveAndCheckLineChoices(customer.id, details(), form)).toEqual({});
    const views = await checkoutLineViews(customer.id, dayAhead());
    expect(views.map((view) => [view.testName, view.referral, view.referralDoctorName, view.hasReferralFile])).toEqual([
      ["Full Body Check-up", "doctor_name", "Dr. Amal Saeed", false],
      ["BRCA Gene Panel", "upload", null, true],
    ]);
    // Going through the details step again keeps the file already given.
    expect(await saveAndCheckLineChoices(customer.id, details(), nameForm(checkUp.id, "Dr. Amal Saeed"))).toEqual({});

    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    const ofTest = (testId: string) => booked.filter((booking) => booking.testId === testId);
    expect(ofTest(checkUp.id).map((booking) => booking.referralDoctorName)).toEqual(["Dr. Amal Saeed"]);
    expect(ofTest(genetic.id)).toHaveLength(1);
    const [geneticBooking] = ofTest(genetic.id);
    expect(geneticBooking.referralDoctorName).toBeNull();
    // The lab of the booking downloads the file as it was sent; it is sealed in the database.
    const download = await referralFileOfBooking(geneticBooking.id, { labId: geneticBooking.labId! });
    expect(download).toMatchObject({ contentType: "application/pdf" });
    expect(download?.content.equals(PDF)).toBe(true);
    const [stored] = await db.select().from(referralFiles).where(eq(referralFiles.id, geneticBooking.referralFileId!));
    expect(stored.keyId).toEqual(expect.any(String));
    expect(stored.content.includes(Buffer.from("Amal Saeed"))).toBe(false);
  });

  it("forgets a replaced referral file a day later, keeping the one on the line and, once ordered, on the booking", async () => {
    const { checkUp, genetic, customer } = await referralCart();
    const name = nameForm(checkUp.id, "Dr. Amal Saeed");
    expect(await saveAndCheckLineChoices(customer.id, details(), { ...name, ...uploadForm(genetic.id, file(PDF, "application/pdf")) })).toEqual({});
    const first = (await cartLine(customer.id, genetic.id)).referralFileId!;
    expect(await saveAndCheckLineChoices(customer.id, details(), { ...name, ...uploadForm(genetic.id, file(PNG, "image/png", "referral.png")) })).toEqual({});
    const second = (await cartLine(customer.id, genetic.id)).referralFileId!;
    expect(second).not.toBe(first);
    const stored = async (id: string) => (await db.select({ id: referralFiles.id }).from(referralFiles).where(eq(referralFiles.id, id))).length === 1;

    await forgetUnusedReferralFiles();
    expect(await stored(first)).toBe(true); // less than a day old: the details step may still point a line at it
    const dayLater = new Date(Date.now() + 25 * 3600_000);
    await forgetUnusedReferralFiles(dayLater);
    expect(await stored(first)).toBe(false);
    expect(await stored(second)).toBe(true);

    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);
    await forgetUnusedReferralFiles(dayLater);
    const [booking] = await db.select().from(bookings).where(eq(bookings.orderId, order.id)).then((rows) => rows.filter((row) => row.testId === genetic.id));
    expect(booking.referralFileId).toBe(second);
    expect((await referralFileOfBooking(booking.id, { labId: booking.labId! }))?.content.equals(PNG)).toBe(true);
  });

  it("stores the doctor's name on each booking of a line, one per unit for two saved patients", async () => {
    const { checkUp, genetic, customer } = await referralCart();
    const ids = [];
    for (const fullName of ["Omar Haddad", "Mariam Haddad"]) {
      const saved = await saveSavedPatient(customer.id, { fullName, dateOfBirth: "1984-03-12", sex: "male", phone: null, emiratesId: null, isAccountHolder: false });
      if (saved.outcome !== "saved") throw new Error("patient not saved");
      ids.push(saved.patient.id);
    }
    const form = {
      ...nameForm(checkUp.id, "Dr. Karim Nassar"),
      ...uploadForm(genetic.id, file(PNG, "image/png", "referral.png")),
      [unitPatientField(checkUp.id, 0)]: ids[0],
      [unitPatientField(checkUp.id, 1)]: ids[1],
    };
    expect(await saveAndCheckLineChoices(customer.id, details(), form)).toEqual({});
    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.testId, checkUp.id));
    expect(item).toMatchObject({ orderId: order.id, referralDoctorName: "Dr. Karim Nassar", referralFileId: null });
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(
      booked
        .filter((booking) => booking.testId === checkUp.id)
        .map((booking) => [booking.patientName, booking.referralDoctorName])
        .sort(),
    ).toEqual([
      ["Mariam Haddad", "Dr. Karim Nassar"],
      ["Omar Haddad", "Dr. Karim Nassar"],
    ]);
  });

  it("refuses a file that is not a PDF, PNG or JPEG by its content, or is too large", async () => {
    const { checkUp, genetic, customer } = await referralCart();
    const withUpload = (upload: File) => ({ ...nameForm(checkUp.id, "Dr. Amal Saeed"), ...uploadForm(genetic.id, upload) });
    const problem = async (upload: File) => (await saveAndCheckLineChoices(customer.id, details(), withUpload(upload)))[lineReferralErrorKey(genetic.id)]?.[0];

    // A script declared as a PDF, and a PDF declared as HTML.
    expect(await problem(file(Buffer.from("<script>alert(1)</script>"), "application/pdf"))).toBe(`BRCA Gene Panel: ${REFERRAL_TYPE_MESSAGE}`);
    expect(await problem(file(PDF, "text/html", "referral.html"))).toBe(`BRCA Gene Panel: ${REFERRAL_TYPE_MESSAGE}`);
    expect(await problem(file(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), "application/pdf"))).toBe(`BRCA Gene Panel: ${REFERRAL_SIZE_MESSAGE}`);
    expect(await db.select().from(referralFiles).where(eq(referralFiles.userId, customer.id))).toEqual([]);
    expect(await cartLine(customer.id, checkUp.id)).toMatchObject({ referralDoctorName: null });
  });

  it("never attaches another account's file: a file id sent in the form is ignored, and one set on the cart refuses the order", async () => {
    const { checkUp, genetic, customer } = await referralCart();
    const stranger = await createAccount(db);
    const theirs = await storeReferralFile(db, stranger.id, { contentType: "application/pdf", bytes: PDF });

    const sent = await saveAndCheckLineChoices(customer.id, details(), {
      ...nameForm(checkUp.id, "Dr. Amal Saeed"),
      [referralFields(genetic.id).file]: theirs,
      referralFileId: theirs,
      [`referralFileId:${genetic.id}`]: theirs,
    });
    expect(sent[lineReferralErrorKey(genetic.id)]?.[0]).toBe(`BRCA Gene Panel: ${REFERRAL_UPLOAD_MESSAGE}`);
    expect((await cartLine(customer.id, genetic.id)).referralFileId).toBeNull();

    // Even a cart line pointing at it (older data, a bug) cannot place the order.
    await db.update(cartItems).set({ referralDoctorName: "Dr. Amal Saeed" }).where(eq(cartItems.testId, checkUp.id));
    await db.update(cartItems).set({ referralFileId: theirs }).where(eq(cartItems.testId, genetic.id));
    const placed = await placeOrder(customer.id, details(), "cash_on_delivery");
    expect(placed).toMatchObject({ ok: false, status: 409 });
    expect(!placed.ok && placed.toast.description).toBe("BRCA Gene Panel needs a doctor's referral. Please go back to the details and give it.");
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
  });

  it("a card order carries the referral to the bookings made when it is paid", async () => {
    const { checkUp, genetic, customer } = await referralCart();
    const form = { ...nameForm(checkUp.id, "Dr. Amal Saeed"), ...uploadForm(genetic.id, file(PDF, "application/pdf")) };
    expect(await saveAndCheckLineChoices(customer.id, details(), form)).toEqual({});
    const card = demoProvider(env);
    const { orderId } = await startCardPayment(card, customer.id, details(), env);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    await settleDemoSession(order.paymentSessionId!, "paid");
    await confirmPayment(card, order.paymentSessionId!, customer.id);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, orderId));
    expect(booked.find((booking) => booking.testId === checkUp.id)?.referralDoctorName).toBe("Dr. Amal Saeed");
    expect(booked.find((booking) => booking.testId === genetic.id)?.referralFileId).toEqual(expect.any(String));
  });

  it("an unpaid card order resumed brings its referrals back to the cart: ordering again asks for none", async () => {
    const { checkUp, genetic, customer } = await referralCart();
    const form = { ...nameForm(checkUp.id, "Dr. Amal Saeed"), ...uploadForm(genetic.id, file(PDF, "application/pdf")) };
    expect(await saveAndCheckLineChoices(customer.id, details(), form)).toEqual({});
    const { orderId } = await startCardPayment(demoProvider(env), customer.id, details(), env);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).then((lines) => lines.filter((item) => item.testId === genetic.id));
    expect(await resumeOrder(customer.id, orderId, dayAhead(0), env)).toBe("loaded");
    expect(await cartLine(customer.id, checkUp.id)).toMatchObject({ referralDoctorName: "Dr. Amal Saeed" });
    expect(await cartLine(customer.id, genetic.id)).toMatchObject({ referralFileId: line.referralFileId });

    // The checkout form shows the doctor's name again (its box is ticked at every checkout) and keeps the file: nothing to upload.
    const [view] = (await checkoutLineViews(customer.id, dayAhead(), [])).filter((item) => item.testId === genetic.id);
    expect(view).toMatchObject({ hasReferralFile: true });
    expect(await saveAndCheckLineChoices(customer.id, details(), nameForm(checkUp.id, "Dr. Amal Saeed"))).toEqual({});
    const order = await placeCashOnDeliveryOrder(customer.id, details(), env);
    const booked = await db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booked.find((booking) => booking.testId === checkUp.id)?.referralDoctorName).toBe("Dr. Amal Saeed");
    expect(booked.find((booking) => booking.testId === genetic.id)?.referralFileId).toBe(line.referralFileId);
  });
});

describe("the doctor's referral in Book Test", () => {
  async function bookable(referralRequirement: "doctor_name" | "upload") {
    const lab = await insertLab(db, { name: "Book Lab", openingHours: everyDay, walkInSlotMinutes: 30, walkInCapacity: 4 });
    const test = await insertTest(db, { name: "Genetic Screen", priceFils: 90_000, referralRequirement });
    await saveOffer(db, { labId: lab.id, testId: test.id, priceFils: 90_000, walkIn: true, homeCollection: false, isActive: true });
    return { lab, test, customer: await createAccount(db) };
  }
  const input = () => ({ ...details(), labId: null, collectionType: "walk_in" as const });

  it("refuses a booking without the referral, or with a file that is not one, and writes nothing", async () => {
    const { test, customer } = await bookable("upload");
    await expect(createBooking(customer.id, test.id, input(), "en", {})).rejects.toThrow(BookingChoiceError);
    await expect(createBooking(customer.id, test.id, input(), "en", { referralFile: file(Buffer.from("MZ\x90\x00"), "image/png", "x.png") })).rejects.toThrow(
      REFERRAL_TYPE_MESSAGE,
    );
    expect(await db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    expect(await db.select().from(referralFiles).where(eq(referralFiles.userId, customer.id))).toEqual([]);
  });

  it("books with the uploaded file on the booking and its order line, the lab reading it back", async () => {
    const { test, customer } = await bookable("upload");
    const booking = await createBooking(customer.id, test.id, input(), "en", { referralFile: file(PNG, "image/png", "referral.png") });
    expect(booking.referralFileId).toEqual(expect.any(String));
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, booking.orderId!));
    expect(item.referralFileId).toBe(booking.referralFileId);
    const download = await referralFileOfBooking(booking.id, { admin: true });
    expect(download?.contentType).toBe("image/png");
    expect(download?.content.equals(PNG)).toBe(true);
  });

  it("asks for the confirming checkbox and the doctor's name, and stores the name", async () => {
    const { test, customer } = await bookable("doctor_name");
    await expect(createBooking(customer.id, test.id, input(), "en", { referralDoctorName: "Dr. Amal Saeed" })).rejects.toThrow(REFERRAL_CONFIRM_MESSAGE);
    const booking = await createBooking(customer.id, test.id, input(), "en", { referralConfirmed: "on", referralDoctorName: "Dr. Amal Saeed" });
    expect(booking.referralDoctorName).toBe("Dr. Amal Saeed");
  });
});
