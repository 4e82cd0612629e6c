import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { webhookLogs, webhookSettings } from "~/db/schema";
import { deliverWebhook } from "~/modules/webhooks/deliver-webhook.server";
import { webhookEnvelope } from "~/modules/webhooks/emit-event.server";
import { PUBLIC_ADDRESS_MESSAGE } from "~/modules/webhooks/public-address.server";
import type { WebhookInput } from "~/modules/webhooks/webhook-form-schema";

/** Logs fetched for the screen; it shows the first 10 (spec). */
export const WEBHOOK_LOGS_FETCHED = 50;

export function listWebhooks() {
  return db.select().from(webhookSettings).orderBy(desc(webhookSettings.createdAt));
}

/** The newest delivery attempts; `redeliverable` when the envelope was kept and the webhook still exists. */
export function listWebhookLogs() {
  return db
    .select({
      id: webhookLogs.id,
      status: webhookLogs.status,
      eventType: webhookLogs.eventType,
      responseCode: webhookLogs.responseCode,
      error: webhookLogs.error,
      createdAt: webhookLogs.createdAt,
      redeliverable: sql<boolean>`(${webhookLogs.payload} is not null and ${webhookLogs.webhookId} is not null)`,
    })
    .from(webhookLogs)
    .orderBy(desc(webhookLogs.createdAt))
    .limit(WEBHOOK_LOGS_FETCHED);
}

export async function createWebhook(input: WebhookInput) {
  const [row] = await db.insert(webhookSettings).values(input).returning();
  return row;
}

export async function updateWebhook(id: string, input: WebhookInput) {
  const [row] = await db.update(webhookSettings).set(input).where(eq(webhookSettings.id, id)).returning();
  return row ?? null;
}

export async function deleteWebhook(id: string) {
  const [row] = await db.delete(webhookSettings).where(eq(webhookSettings.id, id)).returning();
  return row ?? null;
}

/**
 * Sends a sample event to one webhook now, marked test_mode, through the same delivery code
 * (signature, headers, log entry). Returns false for an unknown webhook; throws when delivery fails
 * or the webhook's address is refused.
 */
export async function sendTestWebhook(id: string) {
  const [webhook] = await db.select().from(webhookSettings).where(eq(webhookSettings.id, id));
  if (!webhook) return false;
  const envelope = webhookEnvelope(webhook.events[0] ?? "booking_created", {
    test_mode: true,
    message: "This is a test event from LabTest Hub.",
  });
  const outcome = await deliverWebhook(
    { webhookId: webhook.id, envelope },
    { idempotencyKey: `test-${randomUUID()}`, evenIfDisabled: true },
  );
  if (outcome === "refused") throw new Error(PUBLIC_ADDRESS_MESSAGE);
  return true;
}
