import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { webhookSettings, type WebhookEvent } from "~/db/schema";
import { enqueueJob } from "~/modules/jobs/jobs.server";

export const DELIVER_WEBHOOK_JOB = "deliver-webhook";
export const WEBHOOK_ENVELOPE_VERSION = 1;

/** The stable, versioned body every receiver gets. */
export type WebhookEnvelope = {
  id: string;
  type: WebhookEvent;
  version: typeof WEBHOOK_ENVELOPE_VERSION;
  created_at: string;
  data: unknown;
};

export type DeliverWebhookPayload = { webhookId: string; envelope: WebhookEnvelope };

/**
 * Hands an event to every enabled webhook subscribed to it: one delivery job per receiver,
 * queued in the caller's transaction so it exists exactly when the change does. Delivery
 * happens later in the job worker; a failing receiver never undoes the change.
 */
export async function emitWebhookEvent(executor: Executor, eventType: WebhookEvent, data: unknown) {
  const receivers = await executor
    .select({ id: webhookSettings.id })
    .from(webhookSettings)
    .where(and(eq(webhookSettings.enabled, true), arrayContains(webhookSettings.events, [eventType])));
  if (receivers.length === 0) return;
  const envelope: WebhookEnvelope = {
    id: randomUUID(),
    type: eventType,
    version: WEBHOOK_ENVELOPE_VERSION,
    created_at: new Date().toISOString(),
    data,
  };
  for (const receiver of receivers) {
    const payload: DeliverWebhookPayload = { webhookId: receiver.id, envelope };
    await enqueueJob(executor, DELIVER_WEBHOOK_JOB, payload, { maxAttempts: 6 });
  }
}
