/** Status of a hosted-checkout session of the demo card provider. */
export const demoSessionStatuses = [
  "open",
  "paid",
  /** by the customer */
  "canceled",
  /** its order was closed */
  "expired",
  "refunded",
] as const;
export type DemoSessionStatus = (typeof demoSessionStatuses)[number];
export const initialDemoSessionStatus = "open" satisfies DemoSessionStatus;

/** Status of a refund: a failed one is retried by the next confirmation of the same payment. */
export const refundStatuses = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const initialRefundStatus = "pending" satisfies RefundStatus;

/**
 * Why a payment was given back. late_payment: the order was cancelled, superseded or expired
 * before the payment arrived. slot_unavailable: a card payment arrived after its slot hold
 * expired and a slot it was for had been taken meanwhile (decision 0011). booking_cancelled: the
 * customer cancelled a paid booking (less any late-cancellation fee). reschedule_difference: the
 * customer moved a paid booking to a lab that charges less. lab_cancelled: the lab cancelled a
 * paid booking (refunded in full). no_show: the lab marked a paid booking a no-show (a late
 * cancellation: refunded less the late-cancellation fee).
 */
export const refundReasons = ["late_payment", "slot_unavailable", "booking_cancelled", "reschedule_difference", "lab_cancelled", "no_show"] as const;
export type RefundReason = (typeof refundReasons)[number];
/** Why a payment confirmation refunds instead of booking (see markSessionPaid). */
export type LatePaymentReason = Extract<RefundReason, "late_payment" | "slot_unavailable">;

/** How the admin's refunds card and the customer's messages name each reason. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  late_payment: "Paid after the order was closed",
  slot_unavailable: "Paid after the slot hold expired; the slot was taken",
  booking_cancelled: "Booking cancelled by the customer",
  reschedule_difference: "Booking moved to a lab that charges less",
  lab_cancelled: "Booking cancelled by the lab",
  no_show: "No-show, treated as a late cancellation",
};

export function refundReasonLabel(reason: string): string {
  return (REFUND_REASON_LABELS as Record<string, string>)[reason] ?? reason;
}

/** How the customer's dashboard names where a refund stands (a failed one is retried by a job). */
const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "refund in progress",
  succeeded: "refunded",
  failed: "refund delayed, retrying automatically",
};

/** "AED 150.00 refunded", "AED 37.50 refund in progress"... (the amount formatted by the caller). */
export function refundStatusLabel(status: RefundStatus): string {
  return REFUND_STATUS_LABELS[status];
}
