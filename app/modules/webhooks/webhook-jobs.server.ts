import { registerJobHandler } from "~/modules/jobs/jobs.server";
import { deliverWebhook } from "~/modules/webhooks/deliver-webhook.server";
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload } from "~/modules/webhooks/emit-event.server";

// A refused receiver address ends the job: deliverWebhook has logged why.
registerJobHandler(DELIVER_WEBHOOK_JOB, async (payload: DeliverWebhookPayload, job) => {
  await deliverWebhook(payload, { idempotencyKey: String(job.id) });
});
