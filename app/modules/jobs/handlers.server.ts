import { deliverMail, SEND_MAIL_JOB, type MailMessage } from "~/modules/mail/mail.server";
import {
  RELEASE_SLOT_HOLDS_EVERY_SECONDS,
  RELEASE_SLOT_HOLDS_JOB,
  releaseExpiredSlotHolds,
} from "~/modules/orders/expire-slot-holds.server";
import { deliverWebhook } from "~/modules/webhooks/deliver-webhook.server";
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload } from "~/modules/webhooks/emit-event.server";
import type { JobHandler } from "~/modules/jobs/jobs.server";

/** Every kind of background job and the function that runs it. */
export const jobHandlers: Record<string, JobHandler> = {
  [SEND_MAIL_JOB]: (payload: MailMessage) => deliverMail(payload),
  // A refused receiver address ends the job: deliverWebhook has logged why.
  [DELIVER_WEBHOOK_JOB]: async (payload: DeliverWebhookPayload, job) => {
    await deliverWebhook(payload, { idempotencyKey: String(job.id) });
  },
  // The periodic sweep that frees the slots of card payments that did not arrive in time.
  [RELEASE_SLOT_HOLDS_JOB]: Object.assign(
    async () => {
      await releaseExpiredSlotHolds();
    },
    { everySeconds: RELEASE_SLOT_HOLDS_EVERY_SECONDS },
  ),
};
