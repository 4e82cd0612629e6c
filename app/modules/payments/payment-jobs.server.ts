import { registerJobHandler } from "~/modules/jobs/jobs.server";
import {
  RELEASE_SLOT_HOLDS_EVERY_SECONDS,
  RELEASE_SLOT_HOLDS_JOB,
  releaseExpiredSlotHolds,
} from "~/modules/payments/expire-slot-holds.server";
import { REFUND_PAYMENT_JOB, refundRecordedPayment, type RefundPaymentPayload } from "~/modules/payments/refunds.server";

// A booking refund the provider has not confirmed yet: asked again, with the same idempotency key.
registerJobHandler(REFUND_PAYMENT_JOB, (payload: RefundPaymentPayload) => refundRecordedPayment(payload.refundId));

// The periodic sweep that frees the slots of card payments that did not arrive in time.
registerJobHandler(
  RELEASE_SLOT_HOLDS_JOB,
  Object.assign(
    async () => {
      await releaseExpiredSlotHolds();
    },
    { everySeconds: RELEASE_SLOT_HOLDS_EVERY_SECONDS },
  ),
);
