import AxeBuilder from "@axe-core/playwright";
import { TZDate } from "@date-fns/tz";
import { expect, test, type Page } from "@playwright/test";
import { format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_ADMIN, dubaiDay, expectToast, pickDay, postTestClock, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";
import { fetchIcs, findMessage, parseIcs } from "./outbox";

// Triglycerides: a fasting test no other journey books.
const TEST = { name: seedTests[4].name, slug: slugify(seedTests[4].name) };
const PREPARATION = "Fast for 10-12 hours before your sample is taken. Plain water is allowed and encouraged.";

type Options = { labs: { labId: string; labName: string }[]; slots: { time: string; status: "free" | "full" }[] | null };


/** The first free walk-in slot of the lab from the day after tomorrow on (more than 24 hours away). */
async function freeSlot(page: Page, testId: string, labId: string) {
  for (let days = 2; days <= 9; days++) {
    const day = dubaiDay(days);
    const date = format(day, "yyyy-MM-dd");
    const options = (await (await page.request.get(`/api/slots?test=${testId}&lab=${labId}&type=walk_in&date=${date}`)).json()) as Options;
    const free = options.slots?.find((slot) => slot.status === "free");
    if (free) return { day, date, time: free.time };
  }
  throw new Error("no free slot in a week");
}


test("a booking's confirmation carries its calendar file, and the day before a reminder brings the preparation", async ({ page, browser, request }) => {
  // The customer books the fasting test at a lab through the Book Test dialog.
  const patientEmail = uniqueEmail("messages");
  const account = uniqueEmail("messages-account");
  await signUp(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/product/${TEST.slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  const testId = (await dialog.locator("form").getAttribute("action"))!.split("/").at(-1)!;
  const { labs } = (await (await page.request.get(`/api/slots?test=${testId}`)).json()) as Options;
  const lab = labs[0];
  const slot = await freeSlot(page, testId, lab.labId);
  await dialog.getByLabel("Lab", { exact: true }).selectOption(lab.labId);
  await dialog.getByLabel("Patient Name").fill("Noura Al Hammadi");
  await dialog.getByLabel("Email").fill(patientEmail);
  await pickDay(page, dialog, slot.day);
  await dialog.getByTestId("slot-list").getByRole("button", { name: new RegExp(`^${slot.time}, \\d+ free$`) }).click();
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expectToast(page, "Your booking has been submitted successfully");

  // An admin finds the confirmation in the outbox, with the preparation and the calendar file.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, DEMO_ADMIN);
    await expect(admin).toHaveURL(/\/admin/);
    // A new account's address is not verified yet, so its booking messages go to it, not to the
    // patient's address typed in the form (issue 25: no mail to strangers).
    const confirmation = await findMessage(admin, { to: account, kind: "booking_confirmed" });
    await admin.goto(`/admin/outbox?to=${encodeURIComponent(patientEmail)}`);
    await expect(admin.getByRole("heading", { name: "Outbox" })).toBeVisible();
    await expect(admin.locator("a[data-kind]")).toHaveCount(0);
    await admin.goto(`/admin/outbox/${confirmation.id}`);
    expect(confirmation.subject).toBe(`Booking confirmed: ${TEST.name} on ${format(slot.day, "EEE, d MMM yyyy")} at ${slot.time}`);
    expect(confirmation.text).toContain(PREPARATION);
    expect(confirmation.text).toContain(lab.labName);
    expect(confirmation.html).toContain("LabTest Hub");
    await expect(admin.frameLocator("iframe").getByRole("heading", { name: "Your test is booked" })).toBeVisible();

    // The message page and the list pass axe (WCAG 2 A and AA); the e-mail's own HTML, in its
    // script-less sandbox, is the message under review, not the page.
    expect((await new AxeBuilder({ page: admin }).exclude("iframe").withTags(["wcag2a", "wcag2aa"]).analyze()).violations).toEqual([]);

    // The attachment link downloads the file.
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "booking.ics" }).click()]);
    expect(download.suggestedFilename()).toBe("booking.ics");

    const ics = parseIcs(await fetchIcs(admin, confirmation.id));
    expect(ics).toMatchObject({
      method: "REQUEST",
      tzid: "Asia/Dubai",
      dtstart: `${slot.date.replaceAll("-", "")}T${slot.time.replace(":", "")}00`,
      sequence: 0,
    });
    expect(ics.uid).toMatch(/^booking-[0-9a-f-]{36}@localhost$/);
    expect(ics.location).toContain(lab.labName);

    // No reminder yet; the day before the visit (23 hours ahead on the app's clock) the sweep sends one.
    const clock = (await (await request.get("/api/test-clock")).json()) as { now: string };
    const [year, month, date] = slot.date.split("-").map(Number);
    const [hours, minutes] = slot.time.split(":").map(Number);
    const slotStart = new TZDate(year, month - 1, date, hours, minutes, "Asia/Dubai").getTime();
    const advanceMinutes = Math.ceil((slotStart - 23 * 3_600_000 - Date.parse(clock.now)) / 60_000);
    expect(advanceMinutes).toBeGreaterThan(0);
    try {
      const moved = await postTestClock(request, { advanceMinutes, sweep: "reminders" });
      expect(moved.ok()).toBe(true);
      expect(((await moved.json()) as { reminders: number }).reminders).toBeGreaterThanOrEqual(1);
      const reminder = await findMessage(admin, { to: account, kind: "booking_reminder" });
      expect(reminder.subject).toBe(`Reminder: ${TEST.name} on ${format(slot.day, "EEE, d MMM yyyy")} at ${slot.time}`);
      expect(reminder.text).toContain("How to prepare");
      expect(reminder.text).toContain(PREPARATION);
      expect(reminder.text).toContain("Avoid alcohol for 24 hours beforehand.");

      // The sweep again: nothing new for this booking.
      await postTestClock(request, { sweep: "reminders" });
      await admin.goto(`/admin/outbox?to=${encodeURIComponent(account)}`);
      await expect(admin.locator('a[data-kind="booking_reminder"]')).toHaveCount(1);
      await expect(admin.locator('a[data-kind="booking_confirmed"]')).toHaveCount(1);
      expect((await new AxeBuilder({ page: admin }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations).toEqual([]);
    } finally {
      await postTestClock(request, { reset: true });
    }
  } finally {
    await adminContext.close();
  }
});

test("the outbox is for admins only: a customer is turned away from the list, a message and an attachment", async ({ page }) => {
  await signUp(page, uniqueEmail("outbox-customer"));
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ["/admin/outbox", "/admin/outbox/00000000-0000-4000-8000-000000000000", "/admin/outbox/00000000-0000-4000-8000-000000000000/attachments/0"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).not.toContain("/admin");
  }
});

test("an unknown message or attachment is not found", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin/);
  expect((await page.request.get("/admin/outbox/00000000-0000-4000-8000-000000000000")).status()).toBe(404);
  expect((await page.request.get("/admin/outbox/not-a-uuid/attachments/0")).status()).toBe(404);
  expect((await page.request.get("/admin/outbox/00000000-0000-4000-8000-000000000000/attachments/x")).status()).toBe(404);
});
