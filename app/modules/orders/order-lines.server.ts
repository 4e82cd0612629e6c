import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import type { Transaction } from "~/db/client.server";
import { orderItems, orders, type PaymentMethod } from "~/db/schema";
import { BeyondHorizonError, withinBookingHorizon } from "~/modules/booking/booking-horizon.server";
import { BEYOND_HORIZON_MESSAGE } from "~/modules/booking/change-policy";
import type { PatientDetails } from "~/modules/booking/schemas";
import { moveResumedPricesTo, takeCartForOrder } from "~/modules/cart/cart-for-order.server";
import { cartOverLimit, cartTotalFils, lineTotalFils } from "~/modules/cart/cart-line";
import { holdOrderSlots, type OrderSlot, type SlotRefusal } from "~/modules/orders/order-slots.server";
import { openOrderState } from "~/modules/lifecycle/order-status";
import { homeVisitKey } from "~/modules/slots/home-visit";
import { recordOrderCreated, transitionOrder } from "~/modules/orders/transition-order.server";
import { bookingLimitPassed, lockAccountHoldings } from "~/modules/slots/account-limits.server";
import { defaultCollectionType, type CollectionType } from "~/modules/slots/collection-types";
import { slotStartFor } from "~/modules/slots/schedule";
import { appointmentsOf } from "~/modules/slots/appointment-time";
import { twoPlacesConflict } from "~/modules/slots/patient-conflicts.server";
import { savedPatientsByIds } from "~/modules/accounts/saved-patients.server";
import { ownReferralFileIds } from "~/modules/booking/referral-upload.server";
import type { ReferralRequirement } from "~/modules/catalog/referral-requirement";

export class EmptyCartError extends Error {}

/** The cart is above the cart's limits (older data): it is not placed until reduced (decision 0028). */
export class CartOverLimitError extends Error {}

/** A line's slot could not be held (full, not one of the lab's times, or too soon): nothing was written. */
export class SlotUnavailableError extends Error {
  constructor(
    readonly slot: OrderSlot,
    readonly reason: SlotRefusal,
  ) {
    super(`${slot.testName}: slot ${slot.start.toISOString()} at lab ${slot.labId} is ${reason}`);
  }
}

/**
 * A saved patient chosen for a unit at the details step is no longer one of the account's (deleted
 * meanwhile): nothing was written, the customer chooses the line's patients again.
 */
export class UnitPatientGoneError extends Error {
  constructor(readonly testName: string) {
    super(`${testName}: a patient chosen for it is no longer saved on the account`);
  }
}

/**
 * A line's test needs a doctor's referral (issue 26) and the line has none, or its file is not the
 * account's: nothing was written, the customer gives it at the details step.
 */
export class ReferralMissingError extends Error {
  constructor(readonly testName: string) {
    super(`${testName}: the doctor's referral is missing`);
  }
}

/** A home-collection line without an address in an area its lab serves. */
export class HomeAddressError extends Error {
  constructor(readonly testName: string) {
    super(`${testName}: home collection needs an address in an area the lab serves`);
  }
}

type OrderItemRow = Omit<typeof orderItems.$inferInsert, "orderId"> & { quantity: number; unitPriceFils: number };

/** A cart line as order creation and checkout's payment step read it (cart/'s takeCartForOrder, checkoutLinesForUser). */
export type PricedCartLine = {
  testId: string;
  testName: string;
  quantity: number;
  unitPriceFils: number;
  labId: string | null;
  labName: string | null;
  homeCollectionFeeFils: number | null;
  homeCollectionAreas: string[] | null;
  collectionType: CollectionType | null;
  slotStart: Date | null;
  homeAddress: string | null;
  homeArea: string | null;
  /** The saved patients of the line's units (the other units are the details form's patient). */
  patientIds?: string[];
  /** What the test asks for before booking, and the referral given at checkout (issue 26). */
  referralRequirement?: ReferralRequirement;
  referralDoctorName?: string | null;
  referralFileId?: string | null;
};

/** What a line is bought as: its lab, collection type and slot (none for a test without offers). */
function planVisit(line: PricedCartLine, details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">) {
  if (!line.labId || !line.labName) return null;
  const type: CollectionType = line.collectionType ?? defaultCollectionType;
  const start = line.slotStart ?? slotStartFor(details.scheduledDate, details.scheduledTime);
  const home = type === "home";
  if (home && (!line.homeAddress || !line.homeArea || !(line.homeCollectionAreas ?? []).includes(line.homeArea))) {
    throw new HomeAddressError(line.testName);
  }
  return {
    labId: line.labId,
    labName: line.labName,
    type,
    start,
    homeAddress: home ? line.homeAddress : null,
    homeArea: home ? line.homeArea : null,
    feeFils: home ? (line.homeCollectionFeeFils ?? 0) : 0,
  };
}

/**
 * The order lines of a cart: one per test (with its lab, collection type, slot and home address)
 * and one home-collection fee per visit (a lab at one slot at one address, home-visit.ts), the slots to hold (`quantity` units
 * of each line's slot: its own time, or the order's date and time) and the total. Pure: the
 * payment step shows exactly what order creation writes.
 */
export function planOrderLines(lines: PricedCartLine[], details: Pick<PatientDetails, "scheduledDate" | "scheduledTime">) {
  const planned = lines.map((line) => ({ line, visit: planVisit(line, details) }));
  const testRows: OrderItemRow[] = planned.map(({ line, visit }) => ({
    testId: line.testId,
    testName: line.testName,
    quantity: line.quantity,
    unitPriceFils: line.unitPriceFils,
    totalPriceFils: lineTotalFils({ quantity: line.quantity, price: line.unitPriceFils }),
    kind: "test",
    labId: visit?.labId ?? null,
    labName: visit?.labName ?? null,
    collectionType: visit?.type ?? null,
    slotStart: visit?.start ?? null,
    homeAddress: visit?.homeAddress ?? null,
    homeArea: visit?.homeArea ?? null,
    patientIds: (line.patientIds ?? []).slice(0, line.quantity),
    // The referral the test asks for, copied onto each booking of the line.
    referralDoctorName: line.referralRequirement === "doctor_name" ? (line.referralDoctorName ?? null) : null,
    referralFileId: line.referralRequirement === "upload" ? (line.referralFileId ?? null) : null,
  }));
  // One fee per visit: a lab, a slot and an address (two addresses in one slot are two visits).
  const feeRows = new Map<string, OrderItemRow>();
  for (const { visit } of planned) {
    if (!visit || visit.type !== "home" || visit.feeFils <= 0) continue;
    const key = homeVisitKey({ labId: visit.labId, slotStart: visit.start, homeArea: visit.homeArea, homeAddress: visit.homeAddress });
    if (feeRows.has(key)) continue;
    feeRows.set(key, {
      testId: null,
      testName: `Home collection fee · ${visit.labName}`,
      quantity: 1,
      unitPriceFils: visit.feeFils,
      totalPriceFils: visit.feeFils,
      kind: "home_collection_fee",
      labId: visit.labId,
      labName: visit.labName,
      collectionType: "home",
      slotStart: visit.start,
      homeAddress: visit.homeAddress,
      homeArea: visit.homeArea,
    });
  }
  const rows = [...testRows, ...feeRows.values()];
  const slots: OrderSlot[] = planned.flatMap(({ line, visit }) =>
    visit ? [{ testName: line.testName, labId: visit.labId, labName: visit.labName, type: visit.type, start: visit.start, units: line.quantity }] : [],
  );
  const totalFils = cartTotalFils(rows.map((row) => ({ quantity: row.quantity, price: row.unitPriceFils })));
  return { rows, slots, totalFils };
}

/**
 * Creates a pending order and its items from the user's server cart, priced from the database
 * as the cart page shows it (cart-pricing.server.ts: the line's lab offer, the chosen lab or the
 * cheapest; a resumed line keeps its order's unit price only while that order is open, its
 * quantity and lab unchanged). Each line with a lab holds `quantity` units of its slot (the
 * line's own time, or the order's date and time) in this transaction; a home-collection visit
 * (lab + slot) adds its fee as its own line. A slot that cannot be held throws
 * SlotUnavailableError, a date after the booking horizon BeyondHorizonError, more than the
 * account may hold (open unpaid bookings, units of one slot) BookingLimitError, and the caller's
 * transaction writes nothing. Runs inside the caller's
 * transaction. The earlier open orders the cart was resumed from are superseded (cancelled with
 * their pending bookings), so resuming never leaves two orders for one purchase; the lines whose
 * resumed price was honoured now take it from the new order, which is the only open one. The
 * caller closes the returned checkout sessions of the superseded orders after committing.
 */
export async function createOrderFromCart(
  tx: Transaction,
  userId: string,
  details: PatientDetails,
  paymentMethod: PaymentMethod,
  options: { slotHoldExpiresAt?: Date; env?: Env; language?: Language } = {},
) {
  const lines = await takeCartForOrder(tx, userId);
  if (lines.length === 0) throw new EmptyCartError();
  if (cartOverLimit(lines)) throw new CartOverLimitError();
  const { rows, slots, totalFils } = planOrderLines(lines, details);
  if (!withinBookingHorizon(details.scheduledDate) || slots.some((slot) => !withinBookingHorizon(slot.start))) {
    throw new BeyondHorizonError(BEYOND_HORIZON_MESSAGE);
  }
  const superseded = [...new Set(lines.map((line) => line.resumedFromOrderId).filter((id): id is string => !!id))];
  // The saved patients of the units, checked again: one deleted since the details step refuses the order.
  const patients = await savedPatientsByIds(
    userId,
    rows.flatMap((row) => row.patientIds ?? []),
    tx,
  );
  const gone = rows.find((row) => (row.patientIds ?? []).some((id) => !patients.has(id)));
  if (gone) throw new UnitPatientGoneError(gone.testName);
  // The referral each line's test asks for, the file the account's own (checked again in this transaction).
  const ownFiles = await ownReferralFileIds(
    userId,
    lines.flatMap((line) => (line.referralRequirement === "upload" && line.referralFileId ? [line.referralFileId] : [])),
    tx,
  );
  const unreferred = lines.find(
    (line) =>
      (line.referralRequirement === "doctor_name" && !line.referralDoctorName) ||
      (line.referralRequirement === "upload" && !(line.referralFileId && ownFiles.has(line.referralFileId))),
  );
  if (unreferred) throw new ReferralMissingError(unreferred.testName);
  /** Who takes a row's units: its saved patients, and the details form's patient for the units left. */
  const patientsOf = (row: OrderItemRow) => {
    const ids = row.patientIds ?? [];
    const named = ids.map((id) => ({ patientName: patients.get(id)?.fullName ?? details.patientName, savedPatientId: id as string | null }));
    return ids.length < row.quantity ? [...named, { patientName: details.patientName, savedPatientId: null }] : named;
  };

  // The account's limits, with its row locked: each appointment (lab slot) of the order is an
  // unpaid one until paid (cash on delivery; a card order's holds), and each slot brings the
  // order's largest quantity there in people; the orders this one replaces do not count.
  const holdings = await lockAccountHoldings(tx, userId, slots, { excludeOrderIds: superseded });
  const withoutSlot = paymentMethod === "cash_on_delivery" ? lines.length - slots.length : 0;
  const unpaid = [...slots, ...Array.from({ length: withoutSlot }, () => null)];
  const limitPassed = bookingLimitPassed(holdings, { unpaid, holds: slots }, options.env);
  if (limitPassed) throw limitPassed;
  // The patient cannot be at this order's slots and somewhere else at the same moment (issue 26).
  const twoPlaces = await twoPlacesConflict(
    tx,
    userId,
    rows.flatMap((row) => {
      const start = row.slotStart;
      if (row.kind !== "test" || !start) return [];
      return patientsOf(row).map(({ patientName, savedPatientId }) => ({
        patientName,
        savedPatientId,
        labId: row.labId ?? null,
        type: row.collectionType ?? null,
        start,
        homeArea: row.homeArea ?? null,
        homeAddress: row.homeAddress ?? null,
      }));
    }),
    { excludeOrderIds: superseded },
  );
  if (twoPlaces) throw twoPlaces;

  // The orders this one replaces give back the places they hold first: resumed and placed again
  // at the same time, an order finds its own places free. A refusal below rolls this back too.
  const closedSessionIds: (string | null)[] = [];
  for (const orderId of superseded) {
    const outcome = await transitionOrder(tx, orderId, "supersede", { kind: "system" }, { userId });
    if (outcome.status === "changed") closedSessionIds.push(outcome.order.paymentSessionId);
  }
  // The holds come next: a full slot refuses the order before it is written.
  const refused = await holdOrderSlots(tx, slots);
  if (refused) throw new SlotUnavailableError(refused.slot, refused.reason);

  // The order's date and time are its first appointment (a line's slot), not a time of its own.
  const first = appointmentsOf(slots.map((slot) => ({ slotStart: slot.start })))[0] ?? { date: details.scheduledDate, time: details.scheduledTime };
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      totalAmountFils: totalFils,
      paymentMethod,
      ...openOrderState,
      customerName: details.patientName,
      customerEmail: details.patientEmail,
      customerPhone: details.patientPhone,
      notes: details.notes,
      scheduledDate: first.date,
      scheduledTime: first.time,
      slotHoldExpiresAt: slots.length > 0 ? (options.slotHoldExpiresAt ?? null) : null,
      // The checkout page's language: the order's e-mails and card return page use it (decision 0058).
      language: options.language ?? null,
    })
    .returning();
  await recordOrderCreated(tx, order, { kind: "customer", id: userId });
  const items = await tx
    .insert(orderItems)
    .values(rows.map((row) => ({ ...row, orderId: order.id })))
    .returning();

  await moveResumedPricesTo(
    tx,
    lines.filter((line) => line.resumedPriceHonoured).map((line) => line.lineId),
    order.id,
  );

  return { order, items, closedSessionIds, patients };
}
