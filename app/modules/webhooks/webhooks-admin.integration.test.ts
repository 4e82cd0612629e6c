import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "~/db/db.server";
import { webhookLogs, webhookSettings } from "~/db/schema";
import { WebhookFormSchema } from "~/modules/webhooks/webhook-form-schema";
import { createWebhook, deleteWebhook, listWebhookLogs, sendTestWebhook, updateWebhook } from "~/modules/webhooks/webhook-settings.server";

let server: Server | undefined;
afterEach(() => server?.close());

async function receiver(status: number) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/hooks`, received };
}

describe("admin webhooks", () => {
  it("refuses headers that are not a JSON object of strings, and a missing name or URL", () => {
    const bad = WebhookFormSchema.safeParse({ name: "", url: "ftp://x", headers: "{not json" });
    expect(z.flattenError(bad.error!).fieldErrors).toMatchObject({
      name: ["Name is required"],
      url: ["Please enter a valid URL"],
      headers: ["Invalid JSON format for headers"],
    });
    expect(WebhookFormSchema.safeParse({ name: "a", url: "https://x.ae", headers: "[1]" }).success).toBe(false);
  });

  it("saves, edits and deletes a webhook; an empty secret is stored as null", async () => {
    const input = WebhookFormSchema.parse({
      name: "CRM",
      url: "https://crm.example.ae/hooks",
      events: ["booking_created", "booking_cancelled"],
      headers: '{"Authorization": "Bearer abc"}',
      secretKey: "",
      enabled: "true",
    });
    const created = await createWebhook(input);
    expect(created).toMatchObject({ secretKey: null, headers: { Authorization: "Bearer abc" }, enabled: true });
    const updated = await updateWebhook(created.id, { ...input, enabled: false });
    expect(updated?.enabled).toBe(false);
    expect(await deleteWebhook(created.id)).not.toBeNull();
    expect(await db.select().from(webhookSettings)).toHaveLength(0);
  });

  it("sends a signed test event, even to a disabled webhook, and logs it", async () => {
    const { url, received } = await receiver(204);
    const webhook = await createWebhook(
      WebhookFormSchema.parse({ name: "Lab", url, events: ["booking_updated"], secretKey: "s3cret", enabled: "false" }),
    );
    expect(await sendTestWebhook(webhook.id)).toBe(true);
    expect(received).toHaveLength(1);
    const envelope = JSON.parse(received[0].body);
    expect(envelope).toMatchObject({ type: "booking_updated", version: 1, data: { test_mode: true } });
    const expected = `sha256=${createHmac("sha256", "s3cret").update(received[0].body).digest("hex")}`;
    expect(received[0].headers["x-webhook-signature"]).toBe(expected);
    const [log] = await listWebhookLogs();
    expect(log).toMatchObject({ status: "success", eventType: "booking_updated", responseCode: 204 });
  });

  it("a failing receiver makes the test fail and is logged as failed", async () => {
    const { url } = await receiver(500);
    const webhook = await createWebhook(WebhookFormSchema.parse({ name: "Down", url, events: ["booking_created"] }));
    await expect(sendTestWebhook(webhook.id)).rejects.toThrow(/500/);
    const logs = await db.select().from(webhookLogs);
    expect(logs[0]).toMatchObject({ status: "failed", responseCode: 500 });
    expect(await sendTestWebhook(crypto.randomUUID())).toBe(false);
  });
});
