import type { BookingFacts, MessageContext, OrderFacts } from "~/modules/notifications/message-facts";
import type { MessageSubject } from "~/modules/notifications/render-message.server";

// Sample data for the e-mail previews (npm run emails:preview) and the template tests.

export const fixtureContext: MessageContext = {
  siteUrl: "https://labtesthub.ae",
  calendarHost: "labtesthub.ae",
  lateCancellationFeePercent: 25,
  mailFrom: "LabTest Hub <no-reply@labtesthub.ae>",
  stamp: new Date("2026-11-20T10:00:00Z"),
};

export const fixtureOrder: OrderFacts = {
  language: "en",
  id: "5f0c2a9e-7d41-4c1b-9a55-2f8e1d6b3c70",
  customerName: "Mariam Al Mansoori",
  customerEmail: "mariam@example.com",
  recipient: "mariam@example.com",
  bookedBy: null,
  paymentMethod: "cash_on_delivery",
  totalFils: 42_000,
  lines: [
    { kind: "test", name: "Lipid Profile", labName: "Al Reem Diagnostics", quantity: 1, unitPriceFils: 15_000, totalPriceFils: 15_000, vatRateBasisPoints: 500 },
    { kind: "test", name: "Vitamin D (25-OH)", labName: "Capital Health Lab", quantity: 2, unitPriceFils: 11_500, totalPriceFils: 23_000, vatRateBasisPoints: 500 },
    { kind: "home_collection_fee", name: "Home collection fee · Capital Health Lab", labName: "Capital Health Lab", quantity: 1, unitPriceFils: 4_000, totalPriceFils: 4_000, vatRateBasisPoints: 500 },
  ],
};

export const fixtureBooking: BookingFacts = {
  language: "en",
  id: "0b6f6a4c-3f5e-4d8e-a0a5-6c1f3e2d9b11",
  orderId: "5f0c2a9e-7d41-4c1b-9a55-2f8e1d6b3c70",
  status: "pending",
  patientName: "Mariam Al Mansoori",
  patientEmail: "mariam@example.com",
  recipient: "mariam@example.com",
  bookedBy: null,
  testName: "Lipid Profile",
  preparationHtml:
    "<p>Fast for 10-12 hours before your sample is taken. Plain water is allowed and encouraged.</p><p>Avoid alcohol for 24 hours beforehand.</p><p>Keep taking your regular medicines unless your doctor has told you otherwise.</p>",
  resultHours: 24,
  resultTime: "24-48 hours",
  labName: "Al Reem Diagnostics",
  labAddress: "Sky Tower, Shams Abu Dhabi, Al Reem Island",
  collectionType: "walk_in",
  homeAddress: null,
  homeArea: null,
  // 09:00 in Abu Dhabi.
  start: new Date("2026-11-24T05:00:00Z"),
  minutes: 30,
  calendarSequence: 0,
  paymentMethod: "cash_on_delivery",
  paid: false,
};

/** One sample of every customer message, in the order of a booking's life. */
export const fixtureMessages: MessageSubject[] = [
  { kind: "order_received", order: fixtureOrder },
  { kind: "payment_received", order: { ...fixtureOrder, paymentMethod: "stripe" } },
  { kind: "booking_confirmed", booking: fixtureBooking },
  { kind: "booking_reminder", booking: fixtureBooking },
  {
    kind: "booking_rescheduled",
    booking: { ...fixtureBooking, start: new Date("2026-11-26T06:30:00Z"), calendarSequence: 1 },
    previous: { scheduledDate: "2026-11-24", scheduledTime: "09:00", labName: "Al Reem Diagnostics" },
  },
  {
    kind: "booking_cancelled",
    booking: { ...fixtureBooking, status: "cancelled", calendarSequence: 2, paymentMethod: "stripe", paid: true },
    refund: { amountFils: 12_000, feeFils: 3_000 },
  },
  { kind: "booking_completed", booking: { ...fixtureBooking, status: "completed" } },
  { kind: "results_ready", booking: { ...fixtureBooking, status: "completed" } },
];

/** The same customer writing in Arabic: names as the catalogue gives them in Arabic. */
export const fixtureOrderAr: OrderFacts = {
  ...fixtureOrder,
  language: "ar",
  lines: [
    { kind: "test", name: "فحص الدهون الشامل", labName: "مختبرات الريم التشخيصية", quantity: 1, unitPriceFils: 15_000, totalPriceFils: 15_000, vatRateBasisPoints: 500 },
    { kind: "test", name: "فيتامين د (25-OH)", labName: "مختبر العاصمة الصحي", quantity: 2, unitPriceFils: 11_500, totalPriceFils: 23_000, vatRateBasisPoints: 500 },
    { kind: "home_collection_fee", name: "Home collection fee · Capital Health Lab", labName: "مختبر العاصمة الصحي", quantity: 1, unitPriceFils: 4_000, totalPriceFils: 4_000, vatRateBasisPoints: 500 },
  ],
};

/** What changes in a booking message for the Arabic customer: the language and the Arabic texts. */
const arabicBooking = {
  language: "ar",
  testName: "فحص الدهون الشامل",
  preparationHtml: "<p>الصيام من 10 إلى 12 ساعة قبل أخذ العينة. يُسمح بشرب الماء.</p><p>تجنب الكحول لمدة 24 ساعة قبل الفحص.</p>",
  labName: "مختبرات الريم التشخيصية",
  labAddress: "برج السماء، شمس أبوظبي، جزيرة الريم",
} satisfies Partial<BookingFacts>;

export const fixtureBookingAr: BookingFacts = { ...fixtureBooking, ...arabicBooking };

/** Every message again for the Arabic customer. */
export const fixtureMessagesAr: MessageSubject[] = fixtureMessages.map((message) =>
  "order" in message
    ? { ...message, order: { ...fixtureOrderAr, paymentMethod: message.order.paymentMethod } }
    : { ...message, booking: { ...message.booking, ...arabicBooking } },
);
