import { deliverMail, SEND_MAIL_JOB, type MailMessage } from "~/modules/mail/mail.server";
import { REFRESH_BOOKING_COUNTS_EVERY_SECONDS, REFRESH_BOOKING_COUNTS_JOB, refreshSearchUpkeep } from "~/modules/catalog/test-popularity.server";
import {
  RELEASE_SLOT_HOLDS_EVERY_SECONDS,
  RELEASE_SLOT_HOLDS_JOB,
  releaseExpiredSlotHolds,
} from "~/modules/orders/expire-slot-holds.server";
import { SEND_NOTIFICATION_JOB, type NotificationPayload } from "~/modules/notifications/notify.server";
import { BOOKING_REMINDERS_EVERY_SECONDS, BOOKING_REMINDERS_JOB, queueDueReminders } from "~/modules/notifications/reminders.server";
import { sendNotification } from "~/modules/notifications/send-notification.server";
import { REFUND_PAYMENT_JOB, refundRecordedPayment, type RefundPaymentPayload } from "~/modules/payments/refunds.server";
import { deliverWebhook } from "~/modules/webhooks/deliver-webhook.server";
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload } from "~/modules/webhooks/emit-event.server";
import type { JobHandler } from "~/modules/jobs/jobs.server";

/** Every kind of background job and the function that runs it. */
export const jobHandlers: Record<string, JobHandler> = {
  // The job's id makes a retried job deliver once (see deliverMail).
  [SEND_MAIL_JOB]: async (payload: MailMessage, job) => {
    await deliverMail({ ...payload, jobId: job.id });
  },
  // A customer message (decision 0012): rendered from current data, dropped when it no longer applies.
  [SEND_NOTIFICATION_JOB]: (payload: NotificationPayload, job) => sendNotification(payload, job),
  // A refused receiver address ends the job: deliverWebhook has logged why.
  [DELIVER_WEBHOOK_JOB]: async (payload: DeliverWebhookPayload, job) => {
    await deliverWebhook(payload, { idempotencyKey: String(job.id) });
  },
  // A booking refund the provider has not confirmed yet: asked again, with the same idempotency key.
  [REFUND_PAYMENT_JOB]: (payload: RefundPaymentPayload) => refundRecordedPayment(payload.refundId),
  // The periodic sweep that queues the reminders of bookings starting within 24 hours.
  [BOOKING_REMINDERS_JOB]: Object.assign(
    async () => {
      await queueDueReminders();
    },
    { everySeconds: BOOKING_REMINDERS_EVERY_SECONDS },
  ),
  // The periodic sweep that frees the slots of card payments that did not arrive in time.
  [RELEASE_SLOT_HOLDS_JOB]: Object.assign(
    async () => {
      await releaseExpiredSlotHolds();
    },
    { everySeconds: RELEASE_SLOT_HOLDS_EVERY_SECONDS },
  ),
  // The periodic sweep of the search's popularity counts and old search statistics (issue 30).
  [REFRESH_BOOKING_COUNTS_JOB]: Object.assign(refreshSearchUpkeep, { everySeconds: REFRESH_BOOKING_COUNTS_EVERY_SECONDS }),
};
