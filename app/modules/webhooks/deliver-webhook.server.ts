import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { webhookLogs, webhookSettings } from "~/db/schema";
import type { DeliverWebhookPayload } from "./emit-event.server";

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = "X-Webhook-Signature";

/** HMAC-SHA256 of the exact body with the webhook's secret, as "sha256=<hex>". */
export function signWebhookBody(body: string, secret: string) {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export type DeliveryOptions = {
  /** Sent as Idempotency-Key so a receiver can drop a repeat delivery (the job id for events). */
  idempotencyKey: string;
  /** Deliver even to a disabled webhook (the admin's test button). */
  evenIfDisabled?: boolean;
};

/**
 * Sends one event to one receiver. Every attempt is written to webhook_logs; a failure throws so
 * the job is retried with back-off.
 */
export async function deliverWebhook(payload: DeliverWebhookPayload, options: DeliveryOptions) {
  const [webhook] = await db.select().from(webhookSettings).where(eq(webhookSettings.id, payload.webhookId));
  // Removed or switched off since the event: nothing to send.
  if (!webhook || (!webhook.enabled && !options.evenIfDisabled)) return;

  const body = JSON.stringify(payload.envelope);
  const headers = new Headers(webhook.headers);
  headers.set("Content-Type", "application/json");
  headers.set("User-Agent", "LabTestHub-Webhooks/1");
  headers.set("X-Webhook-Event", payload.envelope.type);
  headers.set("X-Webhook-Id", payload.envelope.id);
  headers.set("Idempotency-Key", options.idempotencyKey);
  if (webhook.secretKey) headers.set(SIGNATURE_HEADER, signWebhookBody(body, webhook.secretKey));

  let responseCode: number | null = null;
  let failure: string | null = null;
  try {
    const response = await fetch(webhook.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    responseCode = response.status;
    await response.body?.cancel();
    if (response.status < 200 || response.status >= 300) failure = `Receiver answered ${response.status}`;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }

  await db.insert(webhookLogs).values({
    webhookId: webhook.id,
    status: failure ? "failed" : "success",
    eventType: payload.envelope.type,
    responseCode,
    error: failure,
  });
  await db.update(webhookSettings).set({ lastTriggeredAt: new Date() }).where(eq(webhookSettings.id, webhook.id));
  if (failure) throw new Error(failure);
}
