import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { createAccount, insertTest } from "~/seed/factories.server";
import { jobs, webhookLogs, webhookSettings } from "~/db/schema";
import { createBooking } from "~/modules/booking/create-booking.server";
import { todayInDubai } from "~/utils/dubai-date";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { action } from "~/routes/admin/webhooks";
import type * as envModule from "~/utils/env.server";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

// These tests run as production does: WEBHOOK_ALLOW_PRIVATE off unless a test turns it on.
const settings = vi.hoisted(() => ({ allowPrivate: false }));
vi.mock("~/utils/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof envModule>();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), WEBHOOK_ALLOW_PRIVATE: settings.allowPrivate }) };
});
beforeEach(() => {
  settings.allowPrivate = false;
});

const received: string[] = [];
const receiver = createServer((request, response) => {
  received.push(request.url ?? "");
  request.resume();
  response.writeHead(200).end("ok");
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const port = (receiver.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

type Args = Parameters<typeof action>[0];

async function adminAction(fields: Record<string, string>) {
  const admin = await createAccount(db, { admin: true });
  const request = await signedInAs(admin);
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return routeOutcome(() => action(routeArgs<Args>(request("/admin/webhooks", { method: "POST", body }))));
}

async function book() {
  const customer = await createAccount(db);
  const test = await insertTest(db, { priceFils: 18_000 });
  await createBooking(customer.id, test.id, {
    patientName: "Huda Karim",
    patientEmail: "huda@example.com",
    patientPhone: null,
    notes: null,
    scheduledDate: todayInDubai(),
    scheduledTime: "09:00",
  });
  // The booking's confirmation e-mail is a job too; these tests count webhook deliveries.
  await db.delete(jobs).where(eq(jobs.kind, SEND_NOTIFICATION_JOB));
}

describe("webhooks to private addresses", () => {
  it("refuses to save a webhook whose URL points to a private address", async () => {
    for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`, "http://169.254.169.254/latest"]) {
      const outcome = await adminAction({ intent: "create", name: "Internal", url, events: "booking_created" });
      expect(outcome).toMatchObject({
        status: 400,
        body: {
          ok: false,
          toast: { title: "Failed to save webhook", description: "Webhook URL must point to a public address" },
          fieldErrors: { url: ["Webhook URL must point to a public address"] },
        },
      });
    }
    expect(await db.select().from(webhookSettings)).toHaveLength(0);

    const [existing] = await db
      .insert(webhookSettings)
      .values({ name: "CRM", url: "https://93.184.216.34/hook", events: ["booking_created"] })
      .returning();
    const edit = await adminAction({ intent: "update", id: existing.id, name: "CRM", url: `http://[::ffff:127.0.0.1]:${port}/hook` });
    expect(edit.status).toBe(400);
    const [after] = await db.select().from(webhookSettings).where(eq(webhookSettings.id, existing.id));
    expect(after.url).toBe("https://93.184.216.34/hook");
  });

  it("refuses at delivery a name that resolves to a private address: logged with the reason, not retried", async () => {
    received.length = 0;
    // Saved before the check existed, or a name that pointed elsewhere when it was saved.
    const [hook] = await db
      .insert(webhookSettings)
      .values({ name: "Rebound", url: `http://localhost:${port}/ok`, events: ["booking_created"] })
      .returning();
    await book();

    expect(await runDueJobs(jobHandlers)).toBe(1);
    expect(received).toHaveLength(0);
    const [log] = await db.select().from(webhookLogs);
    expect(log).toMatchObject({ webhookId: hook.id, status: "failed", responseCode: null });
    expect(log.error).toMatch(/^Webhook URL must point to a public address \(localhost resolves to (127\.0\.0\.1|::1)\)$/);
    const [job] = await db.select().from(jobs);
    expect(job.doneAt).not.toBeNull();
    expect(job.deadAt).toBeNull();
    expect(await runDueJobs(jobHandlers)).toBe(0);

    const test = await adminAction({ intent: "test", id: hook.id });
    expect(test).toMatchObject({
      body: { ok: false, toast: { title: "Failed to send test webhook", description: "Webhook URL must point to a public address" } },
    });
    expect(received).toHaveLength(0);
  });

  it("with WEBHOOK_ALLOW_PRIVATE a local receiver is saved and delivered to", async () => {
    settings.allowPrivate = true;
    received.length = 0;
    const outcome = await adminAction({ intent: "create", name: "Local", url: `http://localhost:${port}/ok`, events: "booking_created", enabled: "on" });
    expect(outcome.body).toMatchObject({ ok: true, toast: { title: "Webhook created successfully" } });
    await book();
    expect(await runDueJobs(jobHandlers)).toBe(1);
    expect(received).toEqual(["/ok"]);
    expect(await db.select().from(webhookLogs)).toMatchObject([{ status: "success", responseCode: 200 }]);
  });
});
