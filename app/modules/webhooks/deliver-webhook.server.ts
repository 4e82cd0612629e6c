import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { webhookLogs, webhookSettings } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import type { DeliverWebhookPayload } from "~/modules/webhooks/emit-event.server";
import { postToReceiver } from "~/modules/webhooks/post-to-receiver.server";
import { RefusedAddressError } from "~/modules/webhooks/public-address.server";
import type { WebhookEnvelope } from "~/modules/webhooks/webhook-events";

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
  /** Defaults to WEBHOOK_ALLOW_PRIVATE. */
  allowPrivateAddresses?: boolean;
};

/** The booking a booking_* event is about (none for the admin's test event). */
function bookingIdOf(envelope: WebhookEnvelope): string | null {
  return "booking" in envelope.data ? envelope.data.booking.id : null;
}

/**
 * Sends one event to one receiver. Every attempt is written to webhook_logs with the envelope
 * posted (an admin can redeliver it from there) and the booking it is about. A failing receiver
 * throws so the job is retried with back-off; a receiver whose address is not public is logged
 * and answered with "refused", not retried, since it would be refused again.
 */
export async function deliverWebhook(
  payload: DeliverWebhookPayload,
  options: DeliveryOptions,
): Promise<"sent" | "skipped" | "refused"> {
  const [webhook] = await db.select().from(webhookSettings).where(eq(webhookSettings.id, payload.webhookId));
  // Removed or switched off since the event: nothing to send.
  if (!webhook || (!webhook.enabled && !options.evenIfDisabled)) return "skipped";

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
  let refused = false;
  try {
    responseCode = await postToReceiver(new URL(webhook.url), {
      headers,
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      allowPrivateAddresses: options.allowPrivateAddresses ?? getEnv().WEBHOOK_ALLOW_PRIVATE,
    });
    if (responseCode < 200 || responseCode >= 300) failure = `Receiver answered ${responseCode}`;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    refused = error instanceof RefusedAddressError;
  }

  await db.insert(webhookLogs).values({
    webhookId: webhook.id,
    status: failure ? "failed" : "success",
    eventType: payload.envelope.type,
    responseCode,
    error: failure,
    payload: payload.envelope,
    bookingId: bookingIdOf(payload.envelope),
  });
  await db.update(webhookSettings).set({ lastTriggeredAt: new Date() }).where(eq(webhookSettings.id, webhook.id));
  if (refused) return "refused";
  if (failure) throw new Error(failure);
  return "sent";
}
