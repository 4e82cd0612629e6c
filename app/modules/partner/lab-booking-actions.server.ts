// A lab member works a booking of their lab from the worklist: confirm, sample collected, no-show,
// cancel with a reason. Each goes through transitionBooking (audit row naming the member, events,
// the customer's message) in one transaction with the money it moves (decision 0008, "Lab moves").
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings } from "~/db/schema";
import type { Transaction } from "~/db/client.server";
import { findBookingWithFacts, type BookingWithFacts } from "~/modules/payments/booking-changes.server";
import { lateCancellationFee } from "~/modules/booking/change-policy";
import type { BookingStatus, LabCancellationReason } from "~/modules/lifecycle/booking-status";
import { transitionBooking } from "~/modules/booking/transition-booking.server";
import { transitionOrder } from "~/modules/orders/transition-order.server";
import { recordBookingRefund, tryRefundNow, type BookingRefundReason, type Refund } from "~/modules/payments/refunds.server";
import { getNow } from "~/modules/slots/clock.server";
import { LAB_ACTION_STATUS, labActionRefusal, type LabBookingAction } from "~/modules/partner/lab-booking-rules";
import { memberActor, type LabScope } from "~/modules/partner/lab-scope.server";
import { BookingActionSchema } from "~/modules/partner/schemas";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { getEnv, type Env } from "~/utils/env.server";
import { formatAed } from "~/utils/money";

export const BOOKING_NOT_FOUND = "Booking not found";

export type LabBookingOutcome =
  | { ok: true; action: LabBookingAction; refundFils: number; feeFils: number; refunded: boolean }
  | { ok: false; status: 404 | 409; message: string };

/** The lifecycle's reason of each lab move, on its audit row. */
const MOVE_REASON: Record<LabBookingAction, string> = {
  confirm: "lab_confirm",
  collected: "lab_sample_collected",
  "no-show": "lab_no_show",
  cancel: "lab_cancel",
};

/** Bookings that keep an unpaid order alive: to happen, happening, or done. */
const LIVE_STATUSES: readonly BookingStatus[] = ["pending", "confirmed", "sample_collected", "completed"];

/**
 * The money of a lab's move on a card-paid booking (Terms, sections 4 and 6): the lab's
 * cancellation refunds everything the booking paid; a no-show is a late cancellation, refunded
 * less the late-cancellation fee. Unpaid bookings (cash on delivery, Book Test) move no money.
 */
function moneyOf(action: LabBookingAction, booking: BookingWithFacts, env: Env): { refundFils: number; feeFils: number; reason: BookingRefundReason | null } {
  if (booking.payment !== "card") return { refundFils: 0, feeFils: 0, reason: null };
  if (action === "cancel") return { refundFils: booking.paidFils, feeFils: 0, reason: "lab_cancelled" };
  if (action === "no-show") {
    const feeFils = lateCancellationFee(booking.paidFils, env.LATE_CANCELLATION_FEE_PERCENT);
    return { refundFils: booking.paidFils - feeFils, feeFils, reason: "no_show" };
  }
  return { refundFils: 0, feeFils: 0, reason: null };
}

/**
 * Takes `action` on a booking of the member's lab. A booking of another lab (or none) is "not
 * found"; a booking whose status or time does not allow it is refused with the reason, and nothing
 * changes. Two members at once: the booking row is locked, the second one finds it moved already.
 * A card refund is recorded in the transaction and asked of the provider after the commit (a
 * retry job asks again until it succeeds; the idempotency key names the booking and the move).
 */
export async function actOnLabBooking(
  scope: LabScope,
  input: { action: LabBookingAction; bookingId: string; reason?: LabCancellationReason },
  env: Env = getEnv(),
): Promise<LabBookingOutcome> {
  const actor = memberActor(scope);
  const outcome = await db.transaction(async (tx): Promise<LabBookingOutcome & { refund?: Refund | null }> => {
    const booking = await findBookingWithFacts(tx, { labId: scope.labId }, input.bookingId, true);
    if (!booking) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
    const facts = { status: booking.booking.status, start: booking.slotStart, scheduledDate: booking.booking.scheduledDate };
    const refusal = labActionRefusal(input.action, facts, getNow());
    if (refusal) return { ok: false, status: 409, message: refusal };
    const money = moneyOf(input.action, booking, env);
    const moved = await transitionBooking(tx, input.bookingId, LAB_ACTION_STATUS[input.action], actor, MOVE_REASON[input.action], {
      refund: money.reason ? { amountFils: money.refundFils, feeFils: money.feeFils } : null,
      labCancellationReason: input.action === "cancel" ? input.reason : undefined,
    });
    if (moved.status !== "changed") return { ok: false, status: 409, message: "This booking was changed meanwhile. Please reload the list." };
    const orderId = booking.booking.orderId;
    const refund =
      money.reason && money.refundFils > 0 && orderId
        ? await recordBookingRefund(tx, {
            orderId,
            bookingId: input.bookingId,
            paymentSessionId: booking.paymentSessionId,
            amountFils: money.refundFils,
            reason: money.reason,
            idempotencyKey: `booking-${money.reason}-${input.bookingId}`,
          })
        : null;
    if ((input.action === "cancel" || input.action === "no-show") && orderId && booking.paymentMethod === "cash_on_delivery") {
      await closeOrderWithNothingToCollect(tx, orderId, scope);
    }
    return { ok: true, action: input.action, refundFils: money.refundFils, feeFils: money.feeFils, refunded: false, refund };
  });
  if (!outcome.ok) return outcome;
  const { refund, ...result } = outcome;
  return { ...result, refunded: await tryRefundNow(refund ?? null, env) };
}

/** An unpaid (cash-on-delivery) order none of whose bookings will happen any more is cancelled: there is nothing to collect. */
async function closeOrderWithNothingToCollect(tx: Transaction, orderId: string, scope: LabScope) {
  const rows = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.orderId, orderId));
  if (rows.some((row) => LIVE_STATUSES.includes(row.status))) return;
  // Refused (nothing changes) unless the order is still open.
  await transitionOrder(tx, orderId, "cancel", memberActor(scope));
}

const DONE_TITLES: Record<LabBookingAction, string> = {
  confirm: "Booking confirmed",
  collected: "Sample collected",
  "no-show": "Marked as a no-show",
  cancel: "Booking cancelled",
};

/** The worklist's form posts: parse, act, and answer with the toast (the caller has checked the member). */
export async function runLabBookingAction(scope: LabScope, form: Record<string, unknown>) {
  const parsed = BookingActionSchema.safeParse(form);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    return formFailure(400, { toast: { type: "error", title: "Action failed", description: message && message !== "Invalid input" ? message : "Unknown action." } });
  }
  const { intent, bookingId } = parsed.data;
  const outcome = await actOnLabBooking(scope, { action: intent, bookingId, reason: parsed.data.intent === "cancel" ? parsed.data.reason : undefined });
  if (!outcome.ok) return formFailure(outcome.status, { toast: { type: "error", title: "Action failed", description: outcome.message } });
  const money =
    outcome.refundFils > 0
      ? ` The card payment is refunded: ${formatAed(outcome.refundFils)}${outcome.feeFils > 0 ? `, less the late-cancellation fee of ${formatAed(outcome.feeFils)}` : ""}.`
      : outcome.feeFils > 0
        ? ` The late-cancellation fee of ${formatAed(outcome.feeFils)} is kept.`
        : "";
  return formSuccess({ title: DONE_TITLES[intent], ...(money ? { description: money.trim() } : {}) });
}

