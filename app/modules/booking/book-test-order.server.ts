import type { Language } from "~/i18n/languages";
import type { Transaction } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import type { BookingInput } from "~/modules/booking/schemas";
import { recordStatusChanges } from "~/modules/lifecycle/status-history.server";
import { openOrderState, type Actor } from "~/modules/lifecycle/order-status";
import type { CollectionType } from "~/modules/slots/collection-types";

/** What a Book Test booking is taken as: the test, and the lab's offer, slot and fee (none for a test without offers). */
export type BookTestLine = {
  test: { id: string; name: string; priceFils: number };
  visit: {
    labId: string;
    labName: string;
    priceFils: number;
    collectionType: CollectionType;
    slotStart: Date;
    homeAddress: string | null;
    homeArea: string | null;
    homeCollectionFeeFils: number | null;
  } | null;
  /** The doctor's referral given for the test (issue 26), kept on the order line as on the booking. */
  referral?: { referralDoctorName: string | null; referralFileId: string | null };
};

/** What Book Test will charge: the lab's price (the test's own without a lab), the home-collection fee, the total (VAT included). */
export function bookTestAmounts({ test, visit }: BookTestLine) {
  const priceFils = visit?.priceFils ?? test.priceFils;
  const feeFils =
    visit?.collectionType === "home" ? (visit.homeCollectionFeeFils ?? 0) : 0;
  return { priceFils, feeFils, totalFils: priceFils + feeFils };
}

/**
 * The order a Book Test booking belongs to (issue 26: every booking belongs to an order that Order
 * History shows): one test line at the lab and slot, the home-collection fee as its own line, paid
 * in cash at the visit, in the caller's transaction. Its creation is audited like a cart's order.
 * With `card` it is a card order waiting for its payment, as the cart's card path makes one: its
 * line's slot is held until `slotHoldExpiresAt` and the booking is made when the payment is confirmed.
 */
export async function createBookTestOrder(
  tx: Transaction,
  userId: string,
  input: BookingInput,
  line: BookTestLine,
  actor: Actor,
  language?: Language,
  card: { slotHoldExpiresAt: Date } | null = null,
) {
  const { priceFils, feeFils, totalFils } = bookTestAmounts(line);
  const { visit } = line;
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      totalAmountFils: totalFils,
      paymentMethod: card ? "stripe" : "cash_on_delivery",
      slotHoldExpiresAt: card && visit ? card.slotHoldExpiresAt : null,
      ...openOrderState,
      customerName: input.patientName,
      customerEmail: input.patientEmail,
      customerPhone: input.patientPhone,
      notes: input.notes,
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      language: language ?? null,
      placedFrom: "book_test",
    })
    .returning();
  const where = visit
    ? {
        labId: visit.labId,
        labName: visit.labName,
        collectionType: visit.collectionType,
        slotStart: visit.slotStart,
        homeAddress: visit.collectionType === "home" ? visit.homeAddress : null,
        homeArea: visit.collectionType === "home" ? visit.homeArea : null,
      }
    : {};
  const items = await tx.insert(orderItems).values([
    {
      orderId: order.id,
      testId: line.test.id,
      testName: line.test.name,
      quantity: 1,
      unitPriceFils: priceFils,
      totalPriceFils: priceFils,
      kind: "test",
      ...where,
      patientIds: input.savedPatientId ? [input.savedPatientId] : [],
      ...line.referral,
    },
    ...(visit && feeFils > 0
      ? [
          {
            orderId: order.id,
            testId: null,
            testName: `Home collection fee · ${visit.labName}`,
            quantity: 1,
            unitPriceFils: feeFils,
            totalPriceFils: feeFils,
            kind: "home_collection_fee" as const,
            ...where,
          },
        ]
      : []),
  ]).returning();
  await recordStatusChanges(tx, actor, [
    {
      subject: "order",
      subjectId: order.id,
      field: "payment_status",
      from: null,
      to: order.paymentStatus,
      reason: "create",
    },
    {
      subject: "order",
      subjectId: order.id,
      field: "order_status",
      from: null,
      to: order.orderStatus,
      reason: "create",
    },
  ]);
  return { order, items };
}
