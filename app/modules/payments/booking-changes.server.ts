import { and, eq } from "drizzle-orm";
import type { Executor, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { bookings, labs, orderItems, orders, tests } from "~/db/schema";
import { isActiveBooking } from "~/modules/lifecycle/booking-status";
import { withinBookingHorizon } from "~/modules/booking/booking-horizon.server";
import {
  BEYOND_HORIZON_MESSAGE,
  cancellationTerms,
  changeRefusal,
  changeWindow,
  CHANGE_CUTOFF_MINUTES,
  FREE_CANCELLATION_HOURS,
  rescheduleTerms,
  type BookingPayment,
  type CancellationTerms,
  type RescheduleTerms,
} from "~/modules/booking/change-policy";
import type { RescheduleChoice } from "~/modules/booking/change-schemas";
import { LAB_NOT_OFFERING_MESSAGE, NOT_A_SLOT_MESSAGE } from "~/modules/booking/create-booking.server";
import { rescheduleBooking, type RescheduleTarget } from "~/modules/booking/reschedule-booking.server";
import { lockBookingWithVisit, visitPartners } from "~/modules/booking/visit-fee.server";
import { lineSharedByBookings, transitionBooking } from "~/modules/booking/transition-booking.server";
import { offerAllows, offersForTest } from "~/modules/catalog/offers.server";
import type { Actor } from "~/modules/lifecycle/order-status";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { recordBookingRefund, tryRefundNow, type Refund } from "~/modules/payments/refunds.server";
import { getNow } from "~/modules/slots/clock.server";
import { SLOT_TAKEN_MESSAGE, type CollectionType } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { freeSlotsForDay, SlotTooSoonError } from "~/modules/slots/slots.server";
import { getEnv, type Env } from "~/utils/env.server";
import type { Language } from "~/i18n/languages";
import { bookingLimitPassed, lockAccountHoldings } from "~/modules/slots/account-limits.server";
import { twoPlacesConflict } from "~/modules/slots/patient-conflicts.server";

// The customer's own Reschedule and Cancel (dashboard), under the rules of change-policy.ts.
// See docs/decisions/0013-booking-changes.md.

export const BOOKING_NOT_FOUND_MESSAGE = "Booking not found";
export const CHANGED_MEANWHILE_MESSAGE = "This booking was changed meanwhile. Please review its new time and try again.";
export const TERMS_CHANGED_MESSAGE = "The cancellation terms have changed since you opened this page. Please review them again.";
export const SAME_SLOT_MESSAGE = "Your booking is already at this time. Please choose another time.";
export const NO_LAB_MESSAGE = "This booking has no lab time slots to move to. Please cancel it and book again, or call us.";
export const HOME_SAME_LAB_MESSAGE = "A home collection can be moved to another time with the same lab.";
export const SHARED_LINE_SAME_LAB_MESSAGE = "A test booked for several patients together can be moved to another time with the same lab.";

/**
 * A refused change: the HTTP status to answer and the message to show; nothing was changed. A
 * message with values (a limit's number) comes with `describe`, which tells it in a language.
 */
export type ChangeRefused = { ok: false; status: 400 | 404 | 409; message: string; describe?: (language: Language) => string };
const refused = (status: ChangeRefused["status"], message: string): ChangeRefused => ({ ok: false, status, message });
const notFound = () => refused(404, BOOKING_NOT_FOUND_MESSAGE);

const ownBookingColumns = {
  booking: bookings,
  testName: tests.name,
  testNameAr: tests.nameAr,
  labName: labs.name,
  labNameAr: labs.nameAr,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
  paymentSessionId: orders.paymentSessionId,
  lineQuantity: orderItems.quantity,
  linePatientIds: orderItems.patientIds,
  lineUnitPriceFils: orderItems.unitPriceFils,
};

/** The customer's own booking with its test, lab, order and order line; another customer's id finds nothing. */
function findOwnBooking(executor: Executor | Transaction, userId: string, bookingId: string, lock = false) {
  return findBookingWithFacts(executor, { userId }, bookingId, lock);
}

/**
 * A booking with its test, lab, order and order line, and what the change rules need to know of
 * it (withFacts), limited to its customer's or its lab's (the partner portal): any other id finds
 * nothing. `lock` locks the booking row for the change's transaction.
 */
export async function findBookingWithFacts(
  executor: Executor | Transaction,
  owner: { userId: string } | { labId: string },
  bookingId: string,
  lock = false,
) {
  const ownerIs = "userId" in owner ? eq(bookings.userId, owner.userId) : eq(bookings.labId, owner.labId);
  const query = executor
    .select(ownBookingColumns)
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .leftJoin(
      orderItems,
      and(eq(orderItems.orderId, bookings.orderId), eq(orderItems.testId, bookings.testId), eq(orderItems.kind, "test")),
    )
    .where(and(eq(bookings.id, bookingId), ownerIs))
    .$dynamic();
  const [row] = lock ? await query.for("update", { of: bookings }) : await query;
  if (!row) return null;
  return withFacts(row, (await visitPartners(executor, row.booking)).length > 0);
}

type OwnBookingRow = {
  booking: typeof bookings.$inferSelect;
  testName: string | null;
  testNameAr: string | null;
  labName: string | null;
  labNameAr: string | null;
  paymentMethod: (typeof orders.$inferSelect)["paymentMethod"] | null;
  paymentStatus: (typeof orders.$inferSelect)["paymentStatus"] | null;
  orderStatus: (typeof orders.$inferSelect)["orderStatus"] | null;
  paymentSessionId: string | null;
  lineQuantity: number | null;
  linePatientIds: string[] | null;
  lineUnitPriceFils: number | null;
};

/**
 * What the rules need to know of a booking: when it starts, how it was paid, how many units of
 * its slot it holds (its line's quantity, or one of a line booked per patient), its price there, and what was charged for it (card only) that cancelling it
 * gives back: price times units, plus the home-collection visit's fee when it carries it and is
 * the visit's last active booking (`visitShared`: another booking of the visit stays, which then
 * carries the fee; decision 0029).
 */
function withFacts(row: OwnBookingRow, visitShared: boolean) {
  const { booking } = row;
  const slotStart = booking.slotStart ?? slotStartFor(booking.scheduledDate, booking.scheduledTime);
  // One booking per unit when the line's units name saved patients (issue 26), as slotUnitsOf counts.
  const units = (row.linePatientIds?.length ?? 0) > 0 ? 1 : (row.lineQuantity ?? 1);
  const unitPriceFils = booking.priceFils ?? row.lineUnitPriceFils ?? 0;
  const payment: BookingPayment = row.paymentMethod === "stripe" && row.paymentStatus === "paid" ? "card" : "unpaid";
  const currentTotalFils = unitPriceFils * units;
  const visitFeeFils = visitShared ? 0 : (booking.homeCollectionFeeFils ?? 0);
  const paidFils = payment === "card" ? currentTotalFils + visitFeeFils : 0;
  return { ...row, slotStart, units, unitPriceFils, payment, currentTotalFils, paidFils };
}

type OwnBooking = NonNullable<Awaited<ReturnType<typeof findOwnBooking>>>;
export type BookingWithFacts = OwnBooking;

/** The booking as the change pages show it. */
function summaryOf(own: OwnBooking) {
  const { booking } = own;
  return {
    id: booking.id,
    status: booking.status,
    testName: own.testName,
    testNameAr: own.testNameAr,
    labName: own.labName,
    labNameAr: own.labNameAr,
    collectionType: booking.collectionType,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    patientName: booking.patientName,
    units: own.units,
    payment: own.payment,
    currentTotalFils: own.currentTotalFils,
    calendarSequence: booking.calendarSequence,
  };
}
export type BookingChangeSummary = ReturnType<typeof summaryOf>;

function termsOf(own: OwnBooking, now: Date, env: Env): CancellationTerms {
  return cancellationTerms({
    status: own.booking.status,
    slotStart: own.slotStart,
    now,
    payment: own.payment,
    paidFils: own.paidFils,
    feePercent: env.LATE_CANCELLATION_FEE_PERCENT,
  });
}

/** The cancel page: the booking and exactly what cancelling now would do. */
export async function cancellationPreview(userId: string, bookingId: string, env: Env = getEnv()) {
  const own = await findOwnBooking(db, userId, bookingId);
  if (!own) return null;
  return { booking: summaryOf(own), terms: termsOf(own, getNow(), env) };
}

export type CancelMyBookingOutcome =
  | { ok: true; refundFils: number; feeFils: number; payment: BookingPayment; refunded: boolean }
  | (ChangeRefused & { terms?: CancellationTerms });

/**
 * The customer cancels their own active booking, up to 2 hours before it, through
 * transitionBooking (booking_updated + booking_cancelled, the audit row, the message with the
 * refund and fee). A card payment gets back what it paid for the booking (the home-collection
 * fee with the visit's last booking only), less the
 * late-cancellation fee inside 24 hours: the refund is recorded in the same transaction, and the
 * provider is asked after the commit (a retry job asks again if that fails). The last active
 * booking of an unpaid cash-on-delivery order cancels the order too. `expectedFeeFils` is the fee
 * the customer was shown: when the terms changed since, nothing happens and the new terms are
 * returned. A replayed request finds the booking cancelled: no second refund.
 */
export async function cancelMyBooking(
  userId: string,
  bookingId: string,
  { expectedFeeFils }: { expectedFeeFils?: number } = {},
  env: Env = getEnv(),
): Promise<CancelMyBookingOutcome> {
  const actor: Actor = { kind: "customer", id: userId };
  const outcome = await db.transaction(async (tx): Promise<CancelMyBookingOutcome & { refund?: Refund | null }> => {
    await lockBookingWithVisit(tx, bookingId, userId);
    const own = await findOwnBooking(tx, userId, bookingId, true);
    if (!own) return notFound();
    const terms = termsOf(own, getNow(), env);
    if (!terms.allowed) return refused(409, terms.reason);
    if (expectedFeeFils !== undefined && expectedFeeFils !== terms.feeFils) return { ...refused(409, TERMS_CHANGED_MESSAGE), terms };
    const refundNote = own.payment === "card" ? { amountFils: terms.refundFils, feeFils: terms.feeFils } : null;
    const cancelled = await transitionBooking(tx, bookingId, "cancelled", actor, "customer_cancel", { refund: refundNote });
    if (cancelled.status !== "changed") return refused(409, "This booking can no longer be cancelled.");
    const refund =
      own.payment === "card" && terms.refundFils > 0 && own.booking.orderId
        ? await recordBookingRefund(tx, {
            orderId: own.booking.orderId,
            bookingId,
            paymentSessionId: own.paymentSessionId,
            amountFils: terms.refundFils,
            reason: "booking_cancelled",
            idempotencyKey: `booking-cancel-${bookingId}`,
          })
        : null;
    if (own.booking.orderId && own.paymentMethod === "cash_on_delivery") await cancelOrderWithoutBookings(tx, own.booking.orderId, actor, userId);
    return { ok: true, refundFils: terms.refundFils, feeFils: terms.feeFils, payment: own.payment, refunded: false, refund };
  });
  if (!outcome.ok) return outcome;
  const { refund, ...result } = outcome;
  return { ...result, refunded: await tryRefundNow(refund ?? null, env) };
}

/** An unpaid (cash-on-delivery) order whose bookings are all cancelled is cancelled too (the customer's Cancel Order). */
async function cancelOrderWithoutBookings(tx: Transaction, orderId: string, actor: Actor, userId: string) {
  const rows = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.orderId, orderId));
  if (rows.some((row) => isActiveBooking(row.status))) return;
  // Refused (nothing changes) unless the order is still open.
  await transitionOrder(tx, orderId, "cancel", actor, { userId });
}

/**
 * A booking of a test line of several units given to patients (a booking each): it keeps its lab,
 * as the others do, so the line's one lab and price stay true (it may move to another time).
 */
function sharesLine(own: OwnBooking) {
  return lineSharedByBookings({ patientIds: own.linePatientIds, quantity: own.lineQuantity });
}

/** One lab the booking may move to, with what moving there would cost or refund. */
export type RescheduleLab = { labId: string; labName: string; labNameAr: string | null; area: string | null; current: boolean; priceFils: number; terms: RescheduleTerms };

/** One free slot of the chosen lab's day (the booking's own slot is marked current, not offered). */
export type RescheduleSlot = { time: string; current: boolean };

/**
 * The labs a booking may move to: its own lab at the price it was booked at, and for a walk-in
 * visit every other lab with a live walk-in offer of the test, at that offer's price. A home
 * collection keeps its lab (its fee, areas and address belong to it), and so does one of several
 * patients booked on one line (sharesLine).
 */
async function labsFor(own: OwnBooking): Promise<RescheduleLab[]> {
  const { booking } = own;
  if (!booking.labId || !booking.collectionType) return [];
  const terms = (newTotalFils: number) => rescheduleTerms({ payment: own.payment, currentTotalFils: own.currentTotalFils, newTotalFils });
  const offers = booking.testId ? await offersForTest(booking.testId) : [];
  const currentOffer = offers.find((offer) => offer.labId === booking.labId);
  const current: RescheduleLab = {
    labId: booking.labId,
    labName: own.labName ?? "Your lab",
    labNameAr: own.labNameAr,
    area: currentOffer?.area ?? null,
    current: true,
    priceFils: own.unitPriceFils,
    terms: terms(own.currentTotalFils),
  };
  if (booking.collectionType === "home" || sharesLine(own)) return [current];
  const others = offers
    .filter((offer) => offer.labId !== booking.labId && offerAllows(offer, "walk_in"))
    .map((offer) => ({
      labId: offer.labId,
      labName: offer.labName,
      labNameAr: offer.labNameAr,
      area: offer.area,
      current: false,
      priceFils: offer.priceFils,
      terms: terms(offer.priceFils * own.units),
    }));
  return [current, ...others];
}

/** Why a booking cannot be rescheduled at all now (status, time, no lab), or null. */
function rescheduleRefusal(own: OwnBooking, now: Date): ChangeRefused | null {
  const refusal = changeRefusal({ status: own.booking.status, slotStart: own.slotStart }, now);
  if (refusal) return refused(409, refusal);
  if (!own.booking.labId || !own.booking.collectionType) return refused(409, NO_LAB_MESSAGE);
  return null;
}

async function freeSlotsFor(labId: string, type: CollectionType, date: string, own: OwnBooking): Promise<RescheduleSlot[]> {
  const slots = await freeSlotsForDay(labId, type, date);
  const ownStart = labId === own.booking.labId ? own.booking.slotStart?.getTime() : undefined;
  return slots
    .filter((slot) => slot.start.getTime() === ownStart || (slot.status === "free" && slot.free >= own.units))
    .map((slot) => ({ time: slot.time, current: slot.start.getTime() === ownStart }));
}

/**
 * The reschedule page's first step: the booking, the labs it may move to (the chosen one, else
 * its own), and that lab's free slots on `date` (default: the booking's day). A booking that can
 * no longer be moved comes with the reason instead.
 */
export async function rescheduleOptions(userId: string, bookingId: string, query: { labId: string | null; date: string | null }) {
  const own = await findOwnBooking(db, userId, bookingId);
  if (!own) return null;
  const booking = summaryOf(own);
  const refusal = rescheduleRefusal(own, getNow());
  if (refusal) return { booking, refusal: refusal.message, labs: [], labId: null, date: null, slots: [] };
  const labs = await labsFor(own);
  const lab = labs.find((candidate) => candidate.labId === query.labId) ?? labs[0];
  const date = query.date ?? own.booking.scheduledDate;
  const slots = lab.terms.allowed ? await freeSlotsFor(lab.labId, own.booking.collectionType!, date, own) : [];
  return { booking, refusal: null, labs, labId: lab.labId, date, slots };
}

type Quote = { ok: true; own: OwnBooking; lab: RescheduleLab; target: RescheduleTarget; date: string; time: string };

/** The patient may not be moved to a moment where they have another booking at another place (issue 26), or null. */
async function twoPlacesRefusal(executor: Executor, own: OwnBooking, target: RescheduleTarget): Promise<ChangeRefused | null> {
  const { booking } = own;
  const visit = { patientName: booking.patientName, labId: target.labId, type: booking.collectionType, start: target.start, homeArea: booking.homeArea, homeAddress: booking.homeAddress };
  const clash = await twoPlacesConflict(executor, booking.userId, [visit], { excludeBookingIds: [booking.id] });
  return clash && { ...refused(409, clash.message), describe: (language: Language) => clash.describe(language) };
}

/** Checks a chosen new time against the rules (the booking horizon too), the lab's offers and its free slots now. */
async function quote(own: OwnBooking, choice: RescheduleChoice): Promise<Quote | ChangeRefused> {
  const refusal = rescheduleRefusal(own, getNow());
  if (refusal) return refusal;
  if (!withinBookingHorizon(choice.date)) return refused(400, BEYOND_HORIZON_MESSAGE);
  const lab = (await labsFor(own)).find((candidate) => candidate.labId === choice.labId);
  if (!lab) {
    const message = own.booking.collectionType === "home" ? HOME_SAME_LAB_MESSAGE : sharesLine(own) ? SHARED_LINE_SAME_LAB_MESSAGE : LAB_NOT_OFFERING_MESSAGE;
    return refused(400, message);
  }
  if (!lab.terms.allowed) return refused(409, lab.terms.reason);
  const start = slotStartFor(choice.date, choice.time);
  if (lab.current && own.booking.slotStart?.getTime() === start.getTime()) return refused(400, SAME_SLOT_MESSAGE);
  const day = await freeSlotsForDay(lab.labId, own.booking.collectionType!, choice.date);
  const slot = day.find((candidate) => candidate.time === choice.time);
  if (!slot) return refused(400, NOT_A_SLOT_MESSAGE);
  if (slot.status === "too-soon") return refused(400, new SlotTooSoonError().message);
  if (slot.free < own.units) return refused(409, SLOT_TAKEN_MESSAGE);
  const target = { labId: lab.labId, start, priceFils: lab.priceFils };
  const twoPlaces = await twoPlacesRefusal(db, own, target);
  if (twoPlaces) return twoPlaces;
  return { ok: true, own, lab, target, date: choice.date, time: choice.time };
}

/** The reschedule page's review step: exactly what confirming would do, or why it cannot be done. */
export async function reviewReschedule(userId: string, bookingId: string, choice: RescheduleChoice) {
  const own = await findOwnBooking(db, userId, bookingId);
  if (!own) return notFound();
  const quoted = await quote(own, choice);
  if (!quoted.ok) return quoted;
  return {
    ok: true as const,
    booking: summaryOf(own),
    lab: quoted.lab,
    date: quoted.date,
    time: quoted.time,
    newTotalFils: quoted.lab.priceFils * own.units,
  };
}

export type RescheduleMyBookingOutcome =
  | { ok: true; labName: string; labNameAr: string | null; date: string; time: string; refundFils: number; differenceFils: number; refunded: boolean }
  | ChangeRefused;

/**
 * The customer moves their own active booking to a free slot (same lab, or another lab offering
 * the test), up to 2 hours before it: in ONE transaction the booking row is locked, the new slot
 * held and the old one released (rescheduleBooking: audit row, booking_updated, the message). The
 * price comes from the database: the booking's own at its lab, the offer's elsewhere. A card
 * payment gets a lower price's difference back (recorded with the change, refunded after the
 * commit); a higher one is refused for card payments. `expectedSequence` is the booking's calendar
 * sequence when the customer reviewed the change: a booking moved meanwhile is not moved again.
 * The account may not hold more than its limit of places at the new slot (BookingLimitError's
 * message, told in the page's language by the refusal's `describe`), and the patient may not be
 * moved to a moment where they have a booking at another place (issue 26, checked again here).
 */
export async function rescheduleMyBooking(
  userId: string,
  bookingId: string,
  choice: RescheduleChoice & { expectedSequence: number },
  env: Env = getEnv(),
): Promise<RescheduleMyBookingOutcome> {
  // The offers and slots are read before the transaction: the embedded database runs one at a time.
  const seen = await findOwnBooking(db, userId, bookingId);
  if (!seen) return notFound();
  if (seen.booking.calendarSequence !== choice.expectedSequence) return refused(409, CHANGED_MEANWHILE_MESSAGE);
  const quoted = await quote(seen, choice);
  if (!quoted.ok) return quoted;
  const actor: Actor = { kind: "customer", id: userId };
  const outcome = await db.transaction(async (tx): Promise<RescheduleMyBookingOutcome & { refund?: Refund | null }> => {
    await lockBookingWithVisit(tx, bookingId, userId);
    const own = await findOwnBooking(tx, userId, bookingId, true);
    if (!own) return notFound();
    if (own.booking.calendarSequence !== choice.expectedSequence) return refused(409, CHANGED_MEANWHILE_MESSAGE);
    const refusal = rescheduleRefusal(own, getNow());
    if (refusal) return refusal;
    const terms = rescheduleTerms({ payment: own.payment, currentTotalFils: own.currentTotalFils, newTotalFils: quoted.target.priceFils * own.units });
    if (!terms.allowed) return refused(409, terms.reason);
    // The account may hold only so many places of the new slot (its row locked meanwhile).
    const target = { labId: quoted.target.labId, type: own.booking.collectionType!, start: quoted.target.start };
    const limitPassed = bookingLimitPassed(await lockAccountHoldings(tx, userId, [target]), {
      unpaid: [],
      holds: [{ ...target, units: own.units, group: own.booking.orderId ?? own.booking.id }],
    });
    if (limitPassed) return { ...refused(409, limitPassed.message), describe: (language: Language) => limitPassed.describe(language) };
    const twoPlaces = await twoPlacesRefusal(tx, own, quoted.target);
    if (twoPlaces) return twoPlaces;
    const moved = await rescheduleBooking(tx, bookingId, quoted.target, actor);
    switch (moved.status) {
      case "changed":
        break;
      case "slot-taken":
        return refused(409, SLOT_TAKEN_MESSAGE);
      case "too-soon":
        return refused(400, new SlotTooSoonError().message);
      case "not-a-slot":
        return refused(400, NOT_A_SLOT_MESSAGE);
      case "unchanged":
        return refused(400, SAME_SLOT_MESSAGE);
      default:
        return refused(409, CHANGED_MEANWHILE_MESSAGE);
    }
    const refund =
      terms.refundFils > 0 && own.booking.orderId
        ? await recordBookingRefund(tx, {
            orderId: own.booking.orderId,
            bookingId,
            paymentSessionId: own.paymentSessionId,
            amountFils: terms.refundFils,
            reason: "reschedule_difference",
            idempotencyKey: `booking-reschedule-${bookingId}-${moved.booking.calendarSequence}`,
          })
        : null;
    return {
      ok: true,
      labName: quoted.lab.labName,
      labNameAr: quoted.lab.labNameAr,
      date: quoted.date,
      time: quoted.time,
      refundFils: terms.refundFils,
      differenceFils: terms.differenceFils,
      refunded: false,
      refund,
    };
  });
  if (!outcome.ok) return outcome;
  const { refund, ...result } = outcome;
  return { ...result, refunded: await tryRefundNow(refund ?? null, env) };
}

/** What the dashboard shows beside an active booking: its Reschedule and Cancel, or why not. */
export type BookingChangeOptions = {
  canChange: boolean;
  canReschedule: boolean;
  reason: string | null;
  /** Until when cancelling costs nothing: 24 hours before for a card-paid booking, the 2-hour change limit for one not paid yet (nothing was charged). */
  freeCancellationUntil: Date | null;
  /** Until when it can be changed or cancelled online (2 hours before); shown beside a card booking's free-cancellation time so the two never read as one. */
  changesUntil: Date | null;
};

/** The dashboard's change options of the customer's bookings (rows as bookingsForUser reads them). */
export function changeOptionsOf(
  booking: {
    status: (typeof bookings.$inferSelect)["status"];
    slotStart: Date | null;
    scheduledDate: string;
    scheduledTime: string;
    labId: string | null;
    collectionType: CollectionType | null;
    /** Paid by card (a late cancellation keeps a fee); otherwise nothing was charged. Unknown counts as paid, the stricter reading. */
    paidByCard?: boolean | null;
  },
  now: Date = getNow(),
): BookingChangeOptions | null {
  if (!isActiveBooking(booking.status)) return null;
  const slotStart = booking.slotStart ?? slotStartFor(booking.scheduledDate, booking.scheduledTime);
  const reason = changeRefusal({ status: booking.status, slotStart }, now);
  const window = changeWindow(slotStart, now);
  const changesUntil = new Date(slotStart.getTime() - CHANGE_CUTOFF_MINUTES * 60_000);
  return {
    canChange: reason === null,
    canReschedule: reason === null && booking.labId !== null && booking.collectionType !== null,
    reason,
    freeCancellationUntil:
      booking.paidByCard === false
        ? reason === null
          ? changesUntil
          : null
        : window === "free"
          ? new Date(slotStart.getTime() - FREE_CANCELLATION_HOURS * 3_600_000)
          : null,
    changesUntil: reason === null ? changesUntil : null,
  };
}
