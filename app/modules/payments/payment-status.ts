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
