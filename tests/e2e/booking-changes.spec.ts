import AxeBuilder from "@axe-core/playwright";
import { TZDate } from "@date-fns/tz";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { format } from "date-fns";
import { extractText } from "unpdf";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_ADMIN, dubaiDay, expectToast, pickDay, postTestClock, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";
import { fetchIcs, findMessage, parseIcs } from "./outbox";

// These journeys move the server's clock (/api/test-clock), so they run one after another.
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Demo-catalogue tests no other journey books.
/** A doctor's referral letter (a one-line PDF). */
const REFERRAL = { name: "referral.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") };
const demoTest = (index: number) => ({ name: seedTests[index].name, slug: slugify(seedTests[index].name) });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const TOO_LATE = "Bookings can be changed or cancelled online up to 2 hours before the appointment. Please call us on +971 2 555 0100.";

type Options = { labs: { labId: string; labName: string }[]; slots: { time: string; status: "free" | "full" }[] | null };


/** The slot's start as an instant (Asia/Dubai date and time). */
const slotStartOf = (date: string, time: string) => {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  return new TZDate(year, month - 1, day, hours, minutes, "Asia/Dubai").getTime();
};

/** Moves the server's clock so that `slotStart` is `hoursAway` hours ahead of it. */
async function moveClockTo(request: APIRequestContext, slotStart: number, hoursAway: number) {
  const clock = (await (await request.get("/api/test-clock")).json()) as { now: string };
  const advanceMinutes = Math.ceil((slotStart - hoursAway * 3_600_000 - Date.parse(clock.now)) / 60_000);
  expect(advanceMinutes).toBeGreaterThan(0);
  expect((await postTestClock(request, { advanceMinutes })).ok()).toBe(true);
}

/** Books a test through its Book Test dialog (nothing is charged) at its cheapest lab, `days` ahead, first free time. */
async function bookTest(page: Page, index: number, days: number) {
  const { name, slug } = demoTest(index);
  const patientEmail = uniqueEmail("changes-patient");
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  const testId = (await dialog.locator("form").getAttribute("action"))!.split("/").at(-1)!;
  const { labs } = (await (await page.request.get(`/api/slots?test=${testId}`)).json()) as Options;
  const lab = labs[0];
  let slot: { day: Date; date: string; time: string } | null = null;
  for (let ahead = days; !slot && ahead <= days + 7; ahead++) {
    const day = dubaiDay(ahead);
    const date = format(day, "yyyy-MM-dd");
    const options = (await (await page.request.get(`/api/slots?test=${testId}&lab=${lab.labId}&type=walk_in&date=${date}`)).json()) as Options;
    const free = options.slots?.find((candidate) => candidate.status === "free");
    if (free) slot = { day, date, time: free.time };
  }
  if (!slot) throw new Error("no free slot in a week");
  await dialog.getByLabel("Lab", { exact: true }).selectOption(lab.labId);
  await dialog.getByLabel("Patient Name").fill("Noura Al Hammadi");
  await dialog.getByLabel("Email").fill(patientEmail);
  await pickDay(page, dialog, slot.day);
  await dialog.getByTestId("slot-list").getByRole("button", { name: new RegExp(`^${slot.time}, \\d+ free$`) }).click();
  // The demo tests these journeys book are genetic tests: their referral is uploaded first (issue 26).
  await dialog.getByLabel(/^Doctor's referral for/).setInputFiles(REFERRAL);
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expectToast(page, "Your booking has been submitted successfully");
  return { name, patientEmail, lab, ...slot };
}

/** Buys a test by card (demo provider) for a day `days` ahead, at the cheapest lab's first free time. */
async function payByCard(page: Page, index: number, days: number) {
  const { name, slug } = demoTest(index);
  const email = uniqueEmail("changes-card");
  await signUp(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(name)}$`) }).click();
  await expectToast(page, "Added to cart");
  await page.goto("/checkout?step=details");
  await waitForHydration(page);
  await page.getByLabel("Patient Name").fill("Layla Haddad");
  const day = dubaiDay(days);
  await pickDay(page, page.locator("body"), day);
  const line = page.getByTestId("checkout-line").first();
  const slot = line.getByTestId("slot-list").getByRole("button", { name: /free$/ }).first();
  const time = ((await slot.getAttribute("aria-label")) ?? (await slot.textContent()) ?? "").slice(0, 5);
  await slot.click();
  await line.getByLabel(/^Doctor's referral for/).setInputFiles(REFERRAL);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.getByLabel(/Pay by Card/).check();
  // What the patient was told before paying.
  const termsBeforePayment = (await page.getByTestId("cancellation-terms").innerText()).replace(/\s+/g, " ");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
  const paid = (await page.getByRole("button", { name: /^Pay AED/ }).textContent())!.replace(/^Pay /, "").trim();
  await page.getByRole("button", { name: /^Pay AED/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  return { name, email, date: format(day, "yyyy-MM-dd"), time, paid, termsBeforePayment };
}

async function asAdmin(browser: Browser, run: (admin: Page) => Promise<void>) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin, DEMO_ADMIN);
    await expect(admin).toHaveURL(/\/admin/);
    await run(admin);
  } finally {
    await context.close();
  }
}

/** The change pages pass axe (WCAG 2 A/AA, serious and critical) and fit a 360 px phone. */
async function expectAccessibleOnPhone(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ""));
const aed = (amount: number) => `AED ${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test("a customer reschedules a booking: the dashboard shows the new time and the updated calendar file keeps its UID", async ({ page, browser }) => {
  const account = uniqueEmail("changes-reschedule");
  await signUp(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  const booked = await bookTest(page, 50, 3);
  // A new account's address is not verified yet: its booking messages go to it, not to the patient's address.

  let uid = "";
  await asAdmin(browser, async (admin) => {
    const confirmation = await findMessage(admin, { to: account, kind: "booking_confirmed" });
    const ics = parseIcs(await fetchIcs(admin, confirmation.id));
    expect(ics).toMatchObject({ sequence: 0, tzid: "Asia/Dubai", dtstart: `${booked.date.replaceAll("-", "")}T${booked.time.replace(":", "")}00` });
    uid = ics.uid!;
  });

  await page.goto("/dashboard");
  await waitForHydration(page);
  const row = page.getByTestId("booking-row").filter({ hasText: booked.name });
  await expect(row.getByText(/^Free cancellation until/)).toBeVisible();
  await row.getByRole("link", { name: `Reschedule ${booked.name}` }).click();
  await expect(page.getByRole("heading", { name: "Reschedule booking" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByLabel("Lab", { exact: true })).toHaveValue(booked.lab.labId);
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(booked.date);
  // Its own time is shown but cannot be chosen; another free time can.
  await expect(page.getByRole("radio", { name: new RegExp(`^${booked.time}`) })).toBeDisabled();
  await expectAccessibleOnPhone(page);
  const next = page.getByTestId("reschedule-slots").getByRole("radio", { disabled: false }).first();
  const newTime = (await next.getAttribute("value"))!;
  await next.check();
  await page.getByRole("button", { name: "Review change" }).click();

  const review = page.getByTestId("reschedule-review");
  await expect(review).toContainText(`${format(booked.day, "EEE, d MMM yyyy")} at ${newTime}`);
  await expect(review).toContainText(`${booked.lab.labName} (same lab)`);
  await expect(review).toContainText("The price stays the same.");
  await expectAccessibleOnPhone(page);
  await page.getByRole("button", { name: "Confirm new time" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, "Booking rescheduled");
  await expect(page.getByTestId("booking-row").filter({ hasText: booked.name })).toContainText(`${format(booked.day, "EEE, d MMM yyyy")} at ${newTime}`);

  await asAdmin(browser, async (admin) => {
    const moved = await findMessage(admin, { to: account, kind: "booking_rescheduled" });
    const ics = parseIcs(await fetchIcs(admin, moved.id));
    expect(ics.uid).toBe(uid);
    expect(ics.sequence).toBe(1);
    expect(ics.dtstart).toBe(`${booked.date.replaceAll("-", "")}T${newTime.replace(":", "")}00`);
  });
});

test("cancelling a card-paid booking more than 24 hours ahead refunds it in full, shown in the dashboard, the e-mail and the admin", async ({ page, browser }) => {
  const bought = await payByCard(page, 51, 3);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const row = page.getByTestId("booking-row").filter({ hasText: bought.name });
  await row.getByRole("link", { name: `Cancel ${bought.name}` }).click();
  await expect(page.getByRole("heading", { name: "Cancel booking" })).toBeVisible();
  await expect(page.getByTestId("cancellation-terms")).toContainText(`you get a full refund of ${bought.paid} to your card`);
  await expectAccessibleOnPhone(page);
  await page.getByRole("button", { name: "Confirm cancellation" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, "Booking cancelled");
  const cancelled = page.getByTestId("booking-row").filter({ hasText: bought.name });
  await expect(cancelled).toContainText("cancelled");
  await expect(cancelled.getByTestId("booking-refunds")).toContainText(`${bought.paid} refunded · Booking cancelled by the customer`);
  await expect(cancelled.getByRole("link", { name: /^Cancel / })).toHaveCount(0);
  await expect(page.getByTestId("order-row").first().getByTestId("order-refunded")).toHaveText(`Refunds: ${bought.paid}`);

  await asAdmin(browser, async (admin) => {
    const message = await findMessage(admin, { to: bought.email, kind: "booking_cancelled" });
    expect(message.text).toContain(bought.paid);
    await admin.goto("/admin/dashboard");
    const refund = admin.getByRole("row").filter({ hasText: bought.email });
    await expect(refund).toContainText("Booking cancelled by the customer");
    await expect(refund).toContainText(bought.paid);
    await expect(refund).toContainText("succeeded");
  });
});

test("cancelling late keeps the late-cancellation fee shown before payment and refunds the rest", async ({ page, request }) => {
  const bought = await payByCard(page, 52, 3);
  // The payment step said, before anything was paid, what a late cancellation keeps.
  expect(bought.termsBeforePayment).toContain(
    "If you cancel less than 24 hours (and at least 2 hours) before the appointment, a late-cancellation fee of 25% of what you paid by card for the booking, home collection fee included, is kept",
  );
  try {
    await moveClockTo(request, slotStartOf(bought.date, bought.time), 10);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const row = page.getByTestId("booking-row").filter({ hasText: bought.name });
    await expect(row.getByText(/^Free cancellation until/)).toHaveCount(0);
    await row.getByRole("link", { name: `Cancel ${bought.name}` }).click();
    const paid = amountOf(bought.paid);
    const fee = Math.round(paid * 25) / 100;
    const terms = page.getByTestId("cancellation-terms");
    await expect(terms).toContainText(`a late-cancellation fee of ${aed(fee)} (25% of ${bought.paid}) is kept`);
    await expect(terms).toContainText(`You get ${aed(paid - fee)} back to your card.`);
    await page.getByRole("button", { name: "Confirm cancellation" }).click();
    await expectToast(page, "Booking cancelled");
    const money = page.getByTestId("booking-row").filter({ hasText: bought.name }).getByTestId("booking-refunds");
    await expect(money).toContainText(`${aed(paid - fee)} refunded`);
    await expect(money).toContainText(`Late-cancellation fee kept: ${aed(fee)}`);
    // The tax credit note corrects the invoice by what was refunded, not by the fee kept.
    const note = page.getByTestId("order-row").first().getByTestId("credit-note-link");
    await expect(note).toContainText(/Credit note CN-\d{4}-\d{6}/);
    const pdf = await page.request.get((await note.getAttribute("href"))!);
    const { text } = await extractText(new Uint8Array(await pdf.body()), { mergePages: true });
    expect(text).toContain("Tax Credit Note");
    expect(text).toMatch(new RegExp(`Total credited[^\\d]*${escapeRegExp(aed(paid - fee))}`));
  } finally {
    await postTestClock(request, { reset: true });
  }
});

test("less than 2 hours before, a reschedule or cancel is refused with a message and nothing changes", async ({ page, request }) => {
  await signUp(page, uniqueEmail("changes-late"));
  await expect(page).toHaveURL(/\/dashboard$/);
  const booked = await bookTest(page, 53, 2);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const row = page.getByTestId("booking-row").filter({ hasText: booked.name });
  const cancelPath = (await row.getByRole("link", { name: `Cancel ${booked.name}` }).getAttribute("href"))!;
  const reschedulePath = (await row.getByRole("link", { name: `Reschedule ${booked.name}` }).getAttribute("href"))!;

  // The customer opens both pages in time, reviews a new time, then waits too long.
  const other = await page.context().newPage();
  await other.goto(cancelPath);
  await waitForHydration(other);
  await page.goto(reschedulePath);
  await waitForHydration(page);
  await page.getByTestId("reschedule-slots").getByRole("radio", { disabled: false }).first().check();
  await page.getByRole("button", { name: "Review change" }).click();
  await expect(page.getByTestId("reschedule-review")).toBeVisible();
  try {
    await moveClockTo(request, slotStartOf(booked.date, booked.time), 1.5);

    await page.getByRole("button", { name: "Confirm new time" }).click();
    await expectToast(page, TOO_LATE);
    await expect(page.getByTestId("change-refused")).toHaveText(TOO_LATE);

    await other.getByRole("button", { name: "Confirm cancellation" }).click();
    await expectToast(other, TOO_LATE);
    await expect(other.getByTestId("change-refused")).toHaveText(TOO_LATE);

    await page.goto("/dashboard");
    const unchanged = page.getByTestId("booking-row").filter({ hasText: booked.name });
    await expect(unchanged).toContainText(`${format(booked.day, "EEE, d MMM yyyy")} at ${booked.time}`);
    // Issue 26: the booking's status in a patient's words.
    await expect(unchanged).toContainText("Booked, awaiting lab confirmation");
    await expect(unchanged.getByTestId("booking-change-closed")).toHaveText(TOO_LATE);
    await expect(unchanged.getByRole("link")).toHaveCount(0);
  } finally {
    await postTestClock(request, { reset: true });
  }
});
