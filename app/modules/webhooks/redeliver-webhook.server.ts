import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { webhookLogs, webhookSettings } from "~/db/schema";
import { enqueueJob } from "~/modules/jobs/jobs.server";
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload } from "~/modules/webhooks/emit-event.server";
import type { WebhookEnvelope } from "~/modules/webhooks/webhook-events";

export type RedeliverOutcome = "queued" | "not-found" | "no-payload" | "webhook-gone" | "webhook-disabled";

/**
 * An admin posts a logged delivery again: a new delivery job to the same webhook with the same
 * envelope (same event id, so a receiver that already handled it can drop it), through the usual
 * delivery (signature, public-address check, log entry, retries). `requestToken` is the form's
 * token: a double-click posts the same token, and the dedupe key turns the repeat into a no-op.
 */
export async function redeliverWebhook(logId: string, requestToken: string): Promise<RedeliverOutcome> {
  const [log] = await db
    .select({ payload: webhookLogs.payload, webhookId: webhookLogs.webhookId, enabled: webhookSettings.enabled })
    .from(webhookLogs)
    .leftJoin(webhookSettings, eq(webhookSettings.id, webhookLogs.webhookId))
    .where(eq(webhookLogs.id, logId));
  if (!log) return "not-found";
  // Logged before envelopes were kept: nothing to post again.
  if (!log.payload) return "no-payload";
  if (!log.webhookId || log.enabled === null) return "webhook-gone";
  if (!log.enabled) return "webhook-disabled";
  const payload: DeliverWebhookPayload = { webhookId: log.webhookId, envelope: log.payload as WebhookEnvelope };
  await enqueueJob(db, DELIVER_WEBHOOK_JOB, payload, { dedupeKey: `redeliver:${logId}:${requestToken}`, maxAttempts: 6 });
  return "queued";
}

/** The admin's message for each refusal of a redelivery. */
export const REDELIVER_REFUSALS: Record<Exclude<RedeliverOutcome, "queued">, string> = {
  "not-found": "This delivery no longer exists.",
  "no-payload": "This delivery was logged without its event, so it cannot be sent again.",
  "webhook-gone": "Its webhook has been deleted.",
  "webhook-disabled": "Its webhook is disabled: enable it first.",
};
