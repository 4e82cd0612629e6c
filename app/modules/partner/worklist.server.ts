// The partner portal's worklist: a lab's bookings of one Asia/Dubai day, by slot, with what the
// sample collector needs (patient, phone, test, preparation, where), and the actions each allows.
import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, orders, tests } from "~/db/schema";
import { htmlToPlainText } from "~/utils/sanitize-html";
import { ageOnDay } from "~/modules/booking/patient-age";
import { cashDueOfOrders } from "~/modules/invoices/order-due.server";
import { labActionsFor } from "~/modules/partner/lab-booking-rules";
import type { LabScope } from "~/modules/partner/lab-scope.server";
import { getNow } from "~/modules/slots/clock.server";
import { nextDate } from "~/modules/slots/lab-day";
import { dubaiDateTime, slotStartFor } from "~/modules/slots/schedule";
import { todayInDubai } from "~/utils/dubai-date";

/** A map search for a home visit's address (the address and area only: no name, no test). */
export function mapLink(address: string | null, area: string | null) {
  const place = [address, area, "Abu Dhabi"].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

/**
 * The lab's bookings of `date` (default today in Asia/Dubai), grouped by slot time, oldest slot
 * first: every status, so the day's record is whole. Bookings made before labs had slots are
 * placed at their scheduled time. Two indexed reads on bookings_lab_slot_idx.
 */
export async function labWorklist(scope: LabScope, date: string = todayInDubai(getNow()), now: Date = getNow()) {
  const from = slotStartFor(date, "00:00");
  const to = slotStartFor(nextDate(date), "00:00");
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      slotStart: bookings.slotStart,
      collectionType: bookings.collectionType,
      patientName: bookings.patientName,
      patientPhone: bookings.patientPhone,
      patientDateOfBirth: bookings.patientDateOfBirth,
      patientSex: bookings.patientSex,
      referralDoctorName: bookings.referralDoctorName,
      hasReferralFile: sql<boolean>`${bookings.referralFileId} is not null`,
      notes: bookings.notes,
      homeAddress: bookings.homeAddress,
      homeArea: bookings.homeArea,
      sampleCollectedAt: bookings.sampleCollectedAt,
      testName: tests.name,
      preparation: tests.preparationInstructions,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
      orderId: bookings.orderId,
      units: sql<number>`coalesce((select oi.quantity from order_items oi where oi.order_id = ${bookings.orderId} and oi.test_id = ${bookings.testId} and oi.kind = 'test' limit 1), 1)::int`,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(
      and(
        eq(bookings.labId, scope.labId),
        or(and(gte(bookings.slotStart, from), lt(bookings.slotStart, to)), and(isNull(bookings.slotStart), eq(bookings.scheduledDate, date))),
      ),
    )
    .orderBy(asc(bookings.slotStart), asc(bookings.scheduledTime), asc(bookings.createdAt));

  const cashOpen = (row: (typeof rows)[number]) =>
    row.paymentMethod === "cash_on_delivery" && row.paymentStatus === "pending" && row.orderStatus === "pending" && row.status !== "cancelled" && row.status !== "no_show";
  const dues = await cashDueOfOrders(db, rows.flatMap((row) => (cashOpen(row) && row.orderId ? [row.orderId] : [])));
  const slots = new Map<string, { time: string; bookings: WorklistBooking[] }>();
  for (const full of rows) {
    const { slotStart, preparation, paymentMethod, paymentStatus, orderStatus: _orderStatus, orderId, ...row } = full;
    const start = slotStart ?? slotStartFor(row.scheduledDate, row.scheduledTime);
    const time = slotStart ? dubaiDateTime(slotStart).time : row.scheduledTime;
    const home = row.collectionType === "home";
    const booking: WorklistBooking = {
      ...row,
      time,
      // Reference ranges need the age on the day of the visit, not today's (issue 26).
      patientAge: ageOnDay(row.patientDateOfBirth, slotStart ? dubaiDateTime(slotStart).date : row.scheduledDate),
      preparation: htmlToPlainText(preparation) || null,
      payment:
        paymentMethod === "stripe"
          ? paymentStatus === "paid"
            ? "Paid by card"
            : "Card payment pending"
          : paymentMethod
            ? paymentStatus === "paid"
              ? "Cash on delivery, collected"
              : "Cash on delivery"
            : "Pay at the lab",
      // Cash still to collect for this booking's (open) cash-on-delivery order: its lines less its cancelled bookings (issue 29).
      cashDueFils: cashOpen(full) && orderId ? (dues.get(orderId) ?? null) : null,
      mapUrl: home && (row.homeAddress || row.homeArea) ? mapLink(row.homeAddress, row.homeArea) : null,
      actions: labActionsFor({ status: row.status, start, scheduledDate: row.scheduledDate }, now),
    };
    const slot = slots.get(time) ?? { time, bookings: [] };
    slot.bookings.push(booking);
    slots.set(time, slot);
  }
  const list = [...slots.values()].sort((a, b) => a.time.localeCompare(b.time));
  return { date, today: todayInDubai(now), slots: list, count: rows.length };
}

export type WorklistBooking = {
  id: string;
  status: (typeof bookings.$inferSelect)["status"];
  scheduledDate: string;
  scheduledTime: string;
  time: string;
  collectionType: (typeof bookings.$inferSelect)["collectionType"];
  patientName: string;
  patientPhone: string | null;
  /** What the lab needs for reference ranges (issue 26); null on bookings made before it was asked. */
  patientDateOfBirth: string | null;
  patientAge: number | null;
  patientSex: (typeof bookings.$inferSelect)["patientSex"];
  /** The referral: the doctor's name, and whether a file was uploaded (downloaded from its own route). */
  referralDoctorName: string | null;
  hasReferralFile: boolean;
  notes: string | null;
  homeAddress: string | null;
  homeArea: string | null;
  sampleCollectedAt: Date | null;
  testName: string | null;
  preparation: string | null;
  payment: string;
  cashDueFils: number | null;
  units: number;
  mapUrl: string | null;
  actions: ReturnType<typeof labActionsFor>;
};
