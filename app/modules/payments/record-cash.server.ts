// Cash on delivery, collected (issue 29): lab staff in the portal, or an admin, record the cash
// taken for an order at the visit. The order becomes paid through the lifecycle, its tax invoice
// is issued and the payment-received e-mail (with the invoice attached) is queued, in one
// transaction.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/db.server";
import { bookings, cashCollections, orders } from "~/db/schema";
import { getBusinessSettings, MISSING_BUSINESS_SETTINGS_MESSAGE } from "~/modules/invoices/business-settings.server";
import { issueInvoice } from "~/modules/invoices/issue-invoice.server";
import { cashDueOf } from "~/modules/invoices/order-due.server";
import { orderIsOpen, type Actor } from "~/modules/lifecycle/order-status";
import { notifyPaymentReceived } from "~/modules/notifications/notify.server";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { getNow } from "~/modules/slots/clock.server";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { formatAed } from "~/utils/money";

export const CASH_BOOKING_NOT_FOUND = "Booking not found";
export const NOT_CASH_ORDER = "This booking is not paid in cash on delivery.";
export const ORDER_CLOSED = "This order is cancelled or closed: there is no cash to collect.";
export const BOOKING_DROPPED = "This booking was cancelled or missed: record the cash on a booking of the order that took place.";
export const NOTHING_DUE = "Nothing is due on this order: none of its bookings is left to collect for.";
export const wrongAmountMessage = (dueFils: number) => `The amount due is ${formatAed(dueFils)}. Record exactly that amount.`;
export const alreadyCollectedMessage = (amountFils: number, at: Date) =>
  `The cash for this order was already recorded: ${formatAed(amountFils)} on ${at.toLocaleString("en-GB", { timeZone: "Asia/Dubai", dateStyle: "medium", timeStyle: "short" })}.`;

/** The form: the booking and the amount typed in AED ("150" or "150.50"). */
export const CashCollectedSchema = z.object({
  intent: z.literal("collect-cash"),
  bookingId: z.uuid({ message: CASH_BOOKING_NOT_FOUND }),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: "Enter the amount collected in AED, e.g. 150.00." })
    .transform((value) => Math.round(Number(value) * 100)),
});

export type CashOutcome = { ok: true; amountFils: number; invoiceNumber: string | null } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Records the cash collected for the order of `bookingId` (limited to `labId` for a lab member:
 * another lab's booking is "not found"). The amount must equal what is due (the order's lines
 * less its cancelled bookings, order-due.server.ts: what the invoice then lists); a cancelled
 * or missed booking cannot record it (its lab did not visit);
 * a second collection, a card order or a closed order is refused with the reason, and nothing
 * changes. The order row is locked, so two members recording at once collect once.
 */
export async function recordCashCollected(
  actor: Actor,
  input: { bookingId: string; amountFils: number; labId?: string },
): Promise<CashOutcome> {
  return db.transaction(async (tx): Promise<CashOutcome> => {
    const [booking] = await tx
      .select({ orderId: bookings.orderId, labId: bookings.labId, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), ...(input.labId === undefined ? [] : [eq(bookings.labId, input.labId)])));
    if (!booking) return { ok: false, status: 404, message: CASH_BOOKING_NOT_FOUND };
    if (!booking.orderId) return { ok: false, status: 409, message: NOT_CASH_ORDER };
    const [order] = await tx.select().from(orders).where(eq(orders.id, booking.orderId)).for("update");
    if (!order || order.paymentMethod !== "cash_on_delivery") return { ok: false, status: 409, message: NOT_CASH_ORDER };
    const [collected] = await tx.select().from(cashCollections).where(eq(cashCollections.orderId, order.id));
    if (collected) return { ok: false, status: 409, message: alreadyCollectedMessage(collected.amountFils, collected.collectedAt) };
    if (!orderIsOpen(order)) return { ok: false, status: 409, message: ORDER_CLOSED };
    if (booking.status === "cancelled" || booking.status === "no_show") return { ok: false, status: 409, message: BOOKING_DROPPED };
    const dueFils = await cashDueOf(tx, order.id);
    if (dueFils <= 0) return { ok: false, status: 409, message: NOTHING_DUE };
    if (input.amountFils !== dueFils) return { ok: false, status: 400, message: wrongAmountMessage(dueFils) };
    if (!(await getBusinessSettings(tx))) return { ok: false, status: 409, message: MISSING_BUSINESS_SETTINGS_MESSAGE };
    const paid = await transitionOrder(tx, order.id, "collectCash", actor);
    if (paid.status !== "changed") return { ok: false, status: 409, message: ORDER_CLOSED };
    await tx.insert(cashCollections).values({
      orderId: order.id,
      bookingId: input.bookingId,
      labId: booking.labId,
      amountFils: input.amountFils,
      collectedBy: actor.id ?? null,
      collectedByKind: actor.kind,
      collectedAt: getNow(),
    });
    const issued = await issueInvoice(tx, order.id);
    await notifyPaymentReceived(tx, order.id);
    return { ok: true, amountFils: input.amountFils, invoiceNumber: issued.status === "issued" || issued.status === "exists" ? issued.invoice.number : null };
  });
}

/** The portal's and the admin's form posts: parse, record, and answer with the toast. */
export async function runCashCollected(actor: Actor, form: Record<string, unknown>, scope: { labId?: string } = {}) {
  const parsed = CashCollectedSchema.safeParse(form);
  if (!parsed.success) return { ok: false as const, status: 400 as const, message: parsed.error.issues[0]?.message ?? "Enter the amount collected in AED, e.g. 150.00." };
  return recordCashCollected(actor, { bookingId: parsed.data.bookingId, amountFils: parsed.data.amount, labId: scope.labId });
}

/** The toast of a "cash collected" post (portal and admin alike). */
export function cashCollectedAnswer(outcome: CashOutcome) {
  if (!outcome.ok) return formFailure(outcome.status, { toast: { type: "error", title: "Cash not recorded", description: outcome.message } });
  return formSuccess({
    title: "Cash collected",
    description: `${formatAed(outcome.amountFils)} recorded. The order is paid${outcome.invoiceNumber ? ` and invoice ${outcome.invoiceNumber} was sent to the customer` : ""}.`,
  });
}
