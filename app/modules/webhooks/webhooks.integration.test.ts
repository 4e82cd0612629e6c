import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { bookings, jobs, webhookLogs, webhookSettings } from "~/db/schema";
import { createBooking } from "~/modules/booking/create-booking.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { signWebhookBody } from "~/modules/webhooks/deliver-webhook.server";
import { patientDetails } from "../../../tests/fakes/patient-details";

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

// A real HTTP receiver on 127.0.0.1: /ok answers 200, /down 500, /moved redirects to /ok.
const received: Received[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    if (request.url === "/down") response.writeHead(500).end("down");
    else if (request.url === "/moved") response.writeHead(302, { Location: "/ok" }).end();
    else response.writeHead(200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const details = patientDetails("Huda Karim", { patientPhone: "+971 55 765 4321" });

async function book() {
  const customer = await createAccount(db);
  const test = await insertTest(db, { priceFils: 18_000 });
  const booking = await createBooking(customer.id, test.id, details);
  // The booking's confirmation e-mail is a job too; these tests count webhook deliveries.
  await db.delete(jobs).where(eq(jobs.kind, SEND_NOTIFICATION_JOB));
  return { customer, test, booking };
}

describe("booking_created webhook", () => {
  it("delivers a signed, versioned envelope to each subscribed receiver and logs it", async () => {
    received.length = 0;
    const [hook] = await db
      .insert(webhookSettings)
      .values({
        name: "CRM",
        url: `${base}/ok`,
        events: ["booking_created"],
        headers: { "X-Api-Key": "crm-key" },
        secretKey: "shared-secret",
      })
      .returning();
    await db.insert(webhookSettings).values({ name: "Other event", url: `${base}/ok`, events: ["booking_cancelled"] });
    await db.insert(webhookSettings).values({ name: "Off", url: `${base}/ok`, events: ["booking_created"], enabled: false });

    const { booking, test } = await book();
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, "deliver-webhook"));
    expect(await runDueJobs(jobHandlers)).toBe(1);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const envelope = JSON.parse(delivery.body);
    expect(envelope).toMatchObject({
      type: "booking_created",
      version: 1,
      data: { booking: { id: booking.id, scheduled_date: details.scheduledDate, patient_name: "Huda Karim" }, test: { id: test.id } },
    });
    expect(typeof envelope.id).toBe("string");
    expect(new Date(envelope.created_at).toString()).not.toBe("Invalid Date");
    expect(delivery.headers["x-webhook-signature"]).toBe(signWebhookBody(delivery.body, "shared-secret"));
    expect(delivery.headers["idempotency-key"]).toBe(String(job.id));
    expect(delivery.headers["x-api-key"]).toBe("crm-key");
    expect(delivery.headers["content-type"]).toBe("application/json");

    const logs = await db.select().from(webhookLogs);
    expect(logs).toMatchObject([{ webhookId: hook.id, status: "success", eventType: "booking_created", responseCode: 200 }]);
    const [after] = await db.select().from(webhookSettings).where(eq(webhookSettings.id, hook.id));
    expect(after.lastTriggeredAt).not.toBeNull();
  });

  it("a failing receiver never fails the booking: the delivery is logged as failed and retried later", async () => {
    received.length = 0;
    await db.insert(webhookSettings).values({ name: "Down", url: `${base}/down`, events: ["booking_created"] });
    const { booking } = await book();
    expect(await db.select().from(bookings).where(eq(bookings.id, booking.id))).toHaveLength(1);

    expect(await runDueJobs(jobHandlers)).toBe(1);
    const [job] = await db.select().from(jobs);
    expect(job.doneAt).toBeNull();
    expect(job.lastError).toMatch(/500/);
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await db.select().from(webhookLogs)).toMatchObject([{ status: "failed", responseCode: 500 }]);
    // Unsigned when the webhook has no secret.
    expect(received[0].headers["x-webhook-signature"]).toBeUndefined();

    // The retry carries the same event and idempotency key.
    await db.execute(sql`update jobs set run_at = now()`);
    await runDueJobs(jobHandlers);
    expect(received).toHaveLength(2);
    expect(received[1].body).toBe(received[0].body);
    expect(received[1].headers["idempotency-key"]).toBe(received[0].headers["idempotency-key"]);
  });

  it("does not follow redirects", async () => {
    received.length = 0;
    await db.insert(webhookSettings).values({ name: "Moved", url: `${base}/moved`, events: ["booking_created"] });
    await book();
    await runDueJobs(jobHandlers);
    expect(received.map((request) => request.path)).toEqual(["/moved"]);
    expect(await db.select().from(webhookLogs)).toMatchObject([{ status: "failed", responseCode: 302 }]);
  });
});
