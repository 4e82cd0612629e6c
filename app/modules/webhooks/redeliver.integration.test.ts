import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { jobs, webhookLogs, webhookSettings } from "~/db/schema";
import { createAccount, insertTest } from "~/seed/factories.server";
import { createBooking } from "~/modules/booking/create-booking.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { PUBLIC_ADDRESS_MESSAGE } from "~/modules/webhooks/public-address.server";
import { action as bookingPageAction } from "~/routes/admin/booking";
import { action as webhooksAction } from "~/routes/admin/webhooks";
import type * as envModule from "~/utils/env.server";
import { patientDetails } from "../../../tests/fakes/patient-details";
import { routeArgs, routeOutcome, signedInAs } from "../../../tests/fakes/signed-in-request";

// Private receivers are allowed (the local receiver) unless a test turns that off, as production does.
const settings = vi.hoisted(() => ({ allowPrivate: true }));
vi.mock("~/utils/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof envModule>();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), WEBHOOK_ALLOW_PRIVATE: settings.allowPrivate }) };
});
beforeEach(() => {
  settings.allowPrivate = true;
});

// A local receiver: /flaky answers 500 while `failing`, then 200.
type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let failing = true;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    response.writeHead(failing ? 500 : 200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
  failing = true;
});

/** A booking whose booking_created delivery to `url` has run once; returns its log entry. */
async function deliveredOnce(url: string) {
  const [webhook] = await db.insert(webhookSettings).values({ name: "CRM", url, events: ["booking_created"], secretKey: "s3cret" }).returning();
  const customer = await createAccount(db);
  const test = await insertTest(db);
  const booking = await createBooking(customer.id, test.id, patientDetails("Huda Karim"));
  await runDueJobs(jobHandlers);
  const [log] = await db.select().from(webhookLogs);
  return { webhook, booking, log };
}

type WebhooksArgs = Parameters<typeof webhooksAction>[0];
type BookingArgs = Parameters<typeof bookingPageAction>[0];

async function post(account: { email: string; password: string }, path: string, fields: Record<string, string>) {
  const request = await signedInAs(account);
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const args = routeArgs<WebhooksArgs & BookingArgs>(request(path, { method: "POST", body }), { bookingId: path.split("/").at(-1)! });
  return routeOutcome(() => (path === "/admin/webhooks" ? webhooksAction(args) : bookingPageAction(args)));
}

const redeliveries = () => db.select().from(jobs).where(eq(jobs.kind, "deliver-webhook")).orderBy(jobs.id);

describe("redelivering a webhook delivery", () => {
  it("logs the posted envelope and its booking, and re-posts the same envelope (same event id) when an admin asks", async () => {
    const { webhook, booking, log } = await deliveredOnce(`${base}/flaky`);
    expect(log).toMatchObject({ status: "failed", responseCode: 500, bookingId: booking.id, webhookId: webhook.id });
    const original = JSON.parse(received[0].body);
    expect(log.payload).toEqual(original);

    failing = false;
    const admin = await createAccount(db, { admin: true });
    const token = crypto.randomUUID();
    const outcome = await post(admin, "/admin/webhooks", { intent: "redeliver", logId: log.id, token });
    expect(outcome).toMatchObject({ status: 200, body: { ok: true, toast: { title: "Redelivery queued" } } });
    // A double-click posts the same token: one delivery.
    await post(admin, "/admin/webhooks", { intent: "redeliver", logId: log.id, token });
    expect(await redeliveries()).toHaveLength(2);

    // The original job's retry is not due yet; the redelivery is.
    await runDueJobs(jobHandlers);
    expect(received).toHaveLength(2);
    const again = received[1];
    expect(JSON.parse(again.body)).toEqual(original);
    expect(again.headers["x-webhook-id"]).toBe(original.id);
    expect(again.headers["x-webhook-event"]).toBe("booking_created");
    const logs = await db.select().from(webhookLogs).orderBy(webhookLogs.createdAt);
    expect(logs.map((entry) => entry.status)).toEqual(["failed", "success"]);
    expect(logs[1]).toMatchObject({ bookingId: booking.id, payload: original });
  });

  it("redelivers from the booking's timeline too, and refuses a disabled or deleted webhook", async () => {
    const { webhook, booking, log } = await deliveredOnce(`${base}/flaky`);
    const admin = await createAccount(db, { admin: true });
    const path = `/admin/bookings/${booking.id}`;
    expect(await post(admin, path, { intent: "redeliver", logId: log.id, token: crypto.randomUUID() })).toMatchObject({ status: 200, body: { ok: true } });

    await db.update(webhookSettings).set({ enabled: false }).where(eq(webhookSettings.id, webhook.id));
    const disabled = await post(admin, path, { intent: "redeliver", logId: log.id, token: crypto.randomUUID() });
    expect(disabled).toMatchObject({ status: 409, body: { ok: false, toast: { description: "Its webhook is disabled: enable it first." } } });
    await db.delete(webhookSettings).where(eq(webhookSettings.id, webhook.id));
    expect((await post(admin, path, { intent: "redeliver", logId: log.id, token: crypto.randomUUID() })).status).toBe(409);
    expect((await post(admin, path, { intent: "redeliver", logId: crypto.randomUUID(), token: crypto.randomUUID() })).status).toBe(404);
    expect((await post(admin, path, { intent: "redeliver", logId: "1; drop table", token: "x" })).status).toBe(400);
    expect(await redeliveries()).toHaveLength(2);
  });

  it("a receiver at a private address stays refused: redelivered, it is refused and logged again, never reached", async () => {
    settings.allowPrivate = false;
    const { log } = await deliveredOnce(`${base}/flaky`);
    expect(received).toHaveLength(0);
    expect(log).toMatchObject({ status: "failed", responseCode: null });
    expect(log.error).toContain(PUBLIC_ADDRESS_MESSAGE);

    const admin = await createAccount(db, { admin: true });
    await post(admin, "/admin/webhooks", { intent: "redeliver", logId: log.id, token: crypto.randomUUID() });
    await runDueJobs(jobHandlers);
    expect(received).toHaveLength(0);
    const logs = await db.select().from(webhookLogs);
    expect(logs).toHaveLength(2);
    expect(logs.every((entry) => entry.status === "failed" && entry.error?.includes(PUBLIC_ADDRESS_MESSAGE))).toBe(true);
    // Refused is final: the redelivery job is done, not retried.
    expect((await redeliveries()).every((job) => job.doneAt !== null)).toBe(true);
  });

  it("a customer (not an admin) cannot redeliver: sent away, nothing queued", async () => {
    const { booking, log } = await deliveredOnce(`${base}/flaky`);
    const customer = await createAccount(db);
    for (const path of ["/admin/webhooks", `/admin/bookings/${booking.id}`]) {
      const outcome = await post(customer, path, { intent: "redeliver", logId: log.id, token: crypto.randomUUID() });
      expect(outcome).toMatchObject({ status: 302, location: "/dashboard" });
    }
    expect(await redeliveries()).toHaveLength(1);
  });
});
