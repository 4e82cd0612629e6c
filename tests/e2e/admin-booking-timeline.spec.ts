import { createServer, type IncomingHttpHeaders } from "node:http";
import { TZDate } from "@date-fns/tz";
import { expect, test, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_ADMIN, expectToast, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A customer puts one demo test in the cart and pays cash on delivery, for tomorrow at 09:00. */
async function bookCashOnDelivery(page: Page, patientName: string) {
  const { name } = seedTests[6];
  await page.goto(`/product/${slugify(name)}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(name)}$`) }).click();
  await expectToast(page, "Added to cart");
  await page.goto("/checkout?step=details");
  await waitForHydration(page);
  await page.getByLabel("Patient Name").fill(patientName);
  const today = new TZDate(Date.now(), "Asia/Dubai");
  const tomorrow = addDays(today, 1);
  await page.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== today.getMonth()) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
}

test("an admin follows a booking's timeline, confirms it, resends a message and redelivers a failed webhook", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A webhook receiver on this machine that refuses (500) until told otherwise.
  type Received = { headers: IncomingHttpHeaders; envelope: { id: string; type: string; data: { booking?: { id: string } } } };
  const received: Received[] = [];
  let failing = true;
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, envelope: JSON.parse(body) });
      response.writeHead(failing ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as { port: number }).port;
  const webhookName = `Timeline CRM ${Date.now()}`;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, DEMO_ADMIN);
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await admin.goto("/admin/webhooks");
    await waitForHydration(admin);
    await admin.getByRole("button", { name: "Add Webhook" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel("Name").fill(webhookName);
    await dialog.getByLabel("URL").fill(`http://127.0.0.1:${port}/hook`);
    await dialog.getByLabel("Booking Updated").check();
    await dialog.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(admin, "Webhook created successfully");

    // The customer books, paying cash on delivery.
    const email = uniqueEmail("timeline");
    const patientName = `Timeline Patient ${Date.now()}`;
    await signUp(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await bookCashOnDelivery(page, patientName);

    // The admin opens the booking from the bookings list.
    await admin.goto("/admin/bookings");
    await waitForHydration(admin);
    await admin.getByRole("link", { name: new RegExp(`^${patientName}`) }).click();
    await expect(admin).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
    await expect(admin.getByRole("heading", { name: `Booking of ${patientName}` })).toBeVisible();
    await waitForHydration(admin);
    const timeline = admin.getByRole("list", { name: "Timeline" });
    const entries = (type: "change" | "message" | "webhook") => timeline.locator(`[data-testid="timeline-entry"][data-type="${type}"]`);
    const created = entries("change").filter({ hasText: "Booking created" });
    await expect(created).toContainText(`Customer · ${email}`);

    await admin.getByRole("button", { name: "Mark as Confirmed" }).click();
    await expectToast(admin, "Status updated");
    await expect(admin.getByTestId("booking-status")).toHaveText("confirmed");
    await expect(entries("change").filter({ hasText: "Status changed: pending → confirmed" })).toContainText(
      `Admin · ${DEMO_ADMIN.email}`,
    );

    // The messages are sent by the job worker: reload until the confirmation is on the timeline.
    const confirmations = entries("message").filter({ hasText: /Booking confirmed/i });
    await expect(async () => {
      await admin.reload();
      expect(await confirmations.count()).toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    const before = await confirmations.count();
    await waitForHydration(admin);
    await confirmations.first().getByRole("button", { name: /^Resend/ }).click();
    await expectToast(admin, "Message queued");
    await expect(async () => {
      await admin.reload();
      expect(await confirmations.count()).toBe(before + 1);
    }).toPass({ timeout: 30_000 });
    await expect(confirmations.last()).toContainText(`Admin · ${DEMO_ADMIN.email}`);

    // The webhook deliveries of this booking failed (500): redeliver one once the receiver is back.
    const bookingId = admin.url().split("/").at(-1)!;
    const failed = entries("webhook").filter({ hasText: "failed" });
    await expect(async () => {
      await admin.reload();
      expect(await failed.count()).toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    failing = false;
    await waitForHydration(admin);
    await failed.first().getByRole("button", { name: /^Redeliver/ }).click();
    await expectToast(admin, "Redelivery queued");

    // The redelivery re-posts the same event (same id) as a new delivery (its own idempotency key).
    await expect(async () => {
      const keysByEvent = new Map<string, Set<unknown>>();
      for (const request of received.filter((entry) => entry.envelope.data.booking?.id === bookingId)) {
        expect(request.headers["x-webhook-id"]).toBe(request.envelope.id);
        const keys = keysByEvent.get(request.envelope.id) ?? new Set();
        keys.add(request.headers["idempotency-key"]);
        keysByEvent.set(request.envelope.id, keys);
      }
      expect([...keysByEvent.values()].some((keys) => keys.size > 1)).toBe(true);
    }).toPass({ timeout: 30_000 });
    await admin.reload();
    await expect(entries("webhook").filter({ hasText: "success" }).first()).toBeVisible();
  } finally {
    // Other journeys' bookings must not keep posting here.
    await admin.goto("/admin/webhooks");
    await waitForHydration(admin);
    await admin.getByRole("button", { name: `Delete ${webhookName}` }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(admin, "Webhook deleted successfully");
    await adminContext.close();
    receiver.close();
  }
});
