import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, labOffers, labs, orderItems, orders, profiles, testCategories, tests, user } from "~/db/schema";
import { lineVatRate, VAT_RATE_BASIS_POINTS } from "~/modules/invoices/vat-rates";
import { localizedField } from "~/i18n/localized-field";
import { sanitizeRichText } from "~/utils/sanitize-html";
import { messageLanguage, messageRecipient, type BookingFacts, type OrderFacts } from "~/modules/notifications/message-facts";
import { appointmentStart } from "~/modules/slots/appointment-time";

const DEFAULT_VISIT_MINUTES = 30;

/** An order with its lines (tests and home-collection fees) as bought and who the message goes to, or null when it is gone. */
export async function loadOrderFacts(orderId: string): Promise<OrderFacts | null> {
  const [row] = await db
    .select({ order: orders, profileLanguage: profiles.language, languageChosenAt: profiles.languageChosenAt, account: { email: user.email, emailVerified: user.emailVerified } })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { order } = row;
  const language = messageLanguage({ page: order.language, profile: row.profileLanguage, chosenAt: row.languageChosenAt });
  // Tests first, then the home-collection fees, each by name.
  const lines = await db
    .select({ line: orderItems, testNameAr: tests.nameAr, labNameAr: labs.nameAr, testRate: tests.vatRate, categoryRate: testCategories.vatRate })
    .from(orderItems)
    .leftJoin(tests, eq(tests.id, orderItems.testId))
    .leftJoin(testCategories, eq(testCategories.id, tests.categoryId))
    .leftJoin(labs, eq(labs.id, orderItems.labId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`${orderItems.kind} <> 'test'`, asc(orderItems.testName));
  const inLanguage = (english: string, arabic: string | null) => localizedField(english, arabic, language).text;
  return {
    language,
    ...messageRecipient(row.account, order.customerEmail),
    id: order.id,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    paymentMethod: order.paymentMethod,
    totalFils: order.totalAmountFils,
    lines: lines.map(({ line, testNameAr, labNameAr, testRate, categoryRate }) => ({
      kind: line.kind,
      // A fee line is named by the template ("Home collection fee · {lab}").
      name: line.kind === "test" ? inLanguage(line.testName, testNameAr) : line.testName,
      labName: line.labName === null ? null : inLanguage(line.labName, labNameAr),
      quantity: line.quantity,
      unitPriceFils: line.unitPriceFils,
      totalPriceFils: line.totalPriceFils,
      vatRateBasisPoints: VAT_RATE_BASIS_POINTS[lineVatRate(line.kind, testRate, categoryRate)],
    })),
  };
}

/**
 * A booking as it is now, with its test (preparation, result time), lab (address, slot length),
 * payment, and who the message goes to (messageRecipient: the account's address unless verified).
 */
export async function loadBookingFacts(bookingId: string): Promise<(BookingFacts & { slotStart: Date | null }) | null> {
  const [row] = await db
    .select({
      booking: bookings,
      testName: tests.name,
      testNameAr: tests.nameAr,
      preparation: tests.preparationInstructions,
      preparationAr: tests.preparationInstructionsAr,
      resultTime: tests.resultTime,
      labName: labs.name,
      labNameAr: labs.nameAr,
      labAddress: labs.address,
      labAddressAr: labs.addressAr,
      profileLanguage: profiles.language,
      languageChosenAt: profiles.languageChosenAt,
      orderLanguage: orders.language,
      labArea: labs.area,
      walkInMinutes: labs.walkInSlotMinutes,
      homeMinutes: labs.homeSlotMinutes,
      offerResultHours: labOffers.resultHours,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      account: { email: user.email, emailVerified: user.emailVerified },
    })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .leftJoin(labOffers, and(eq(labOffers.labId, bookings.labId), eq(labOffers.testId, bookings.testId)))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .leftJoin(profiles, eq(profiles.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { booking } = row;
  const language = messageLanguage({ page: booking.language ?? row.orderLanguage, profile: row.profileLanguage, chosenAt: row.languageChosenAt });
  const inLanguage = (english: string | null, arabic: string | null) => (english === null ? null : localizedField(english, arabic, language).text);
  const labMinutes = booking.collectionType === "home" ? row.homeMinutes : row.walkInMinutes;
  const street = inLanguage(row.labAddress, row.labAddressAr);
  const labAddress = street && row.labArea && !street.includes(row.labArea) ? `${street}, ${row.labArea}` : (street ?? row.labArea);
  return {
    language,
    ...messageRecipient(row.account, booking.patientEmail),
    id: booking.id,
    orderId: booking.orderId,
    slotStart: booking.slotStart,
    status: booking.status,
    patientName: booking.patientName,
    patientEmail: booking.patientEmail,
    testName: inLanguage(row.testName, row.testNameAr) ?? (language === "ar" ? "فحصك المخبري" : "Your lab test"),
    preparationHtml: sanitizeRichText(inLanguage(row.preparation, row.preparationAr)) || null,
    resultHours: row.offerResultHours ?? null,
    resultTime: row.resultTime,
    labName: inLanguage(row.labName, row.labNameAr),
    labAddress,
    collectionType: booking.collectionType,
    homeAddress: booking.homeAddress,
    homeArea: booking.homeArea,
    start: appointmentStart(booking),
    minutes: labMinutes ?? DEFAULT_VISIT_MINUTES,
    calendarSequence: booking.calendarSequence,
    paymentMethod: row.paymentMethod,
    paid: row.paymentStatus === "paid",
  };
}
