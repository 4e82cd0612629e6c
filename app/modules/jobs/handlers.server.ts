import { deliverMail, SEND_MAIL_JOB, type MailMessage } from "../mail/mail.server";
import { deliverWebhook } from "../webhooks/deliver-webhook.server";
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload } from "../webhooks/emit-event.server";
import type { JobHandler } from "./jobs.server";

/** Every kind of background job and the function that runs it. */
export const jobHandlers: Record<string, JobHandler> = {
  [SEND_MAIL_JOB]: (payload: MailMessage) => deliverMail(payload),
  [DELIVER_WEBHOOK_JOB]: (payload: DeliverWebhookPayload, job) =>
    deliverWebhook(payload, { idempotencyKey: String(job.id) }),
};
