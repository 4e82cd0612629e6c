import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { webhookSettings } from "~/db/schema";
import { enqueueJobs } from "~/modules/jobs/jobs.server";
import {
  WEBHOOK_ENVELOPE_VERSION,
  type WebhookEnvelope,
  type WebhookEvent,
  type WebhookEventData,
} from "~/modules/webhooks/webhook-events";

export const DELIVER_WEBHOOK_JOB = "deliver-webhook";

export type DeliverWebhookPayload = { webhookId: string; envelope: WebhookEnvelope };

/** A new envelope for one event (or the admin's test event). */
export function webhookEnvelope<E extends WebhookEvent>(type: E, data: WebhookEnvelope<E>["data"]): WebhookEnvelope<E> {
  return { id: randomUUID(), type, version: WEBHOOK_ENVELOPE_VERSION, created_at: new Date().toISOString(), data };
}

/**
 * Hands an event to every enabled webhook subscribed to it: one delivery job per receiver,
 * queued in the caller's transaction so it exists exactly when the change does. Delivery
 * happens later in the job worker; a failing receiver never undoes the change.
 */
export async function emitWebhookEvent<E extends WebhookEvent>(executor: Executor, eventType: E, data: WebhookEventData[E]) {
  await emitWebhookEvents(executor, eventType, [data]);
}

/** One event of a type per item of `data` (an order's bookings), in two statements however many. */
export async function emitWebhookEvents<E extends WebhookEvent>(executor: Executor, eventType: E, data: WebhookEventData[E][]) {
  if (data.length === 0) return;
  const receivers = await executor
    .select({ id: webhookSettings.id })
    .from(webhookSettings)
    .where(and(eq(webhookSettings.enabled, true), arrayContains(webhookSettings.events, [eventType])));
  if (receivers.length === 0) return;
  const envelopes = data.map((item) => webhookEnvelope(eventType, item));
  await enqueueJobs(
    executor,
    envelopes.flatMap((envelope) =>
      receivers.map((receiver) => ({
        kind: DELIVER_WEBHOOK_JOB,
        payload: { webhookId: receiver.id, envelope } satisfies DeliverWebhookPayload,
        options: { maxAttempts: 6 },
      })),
    ),
  );
}
