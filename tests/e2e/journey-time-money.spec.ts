import { TZDate } from "@date-fns/tz";
import { expect, test, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { expectToast, uniqueEmail, waitForHydration } from "./helpers";

// Issue 26 ("The time", "The money") on a 360 px phone: Book This Test shows what it costs and the
// cancellation terms before anything is created, the booking's time is the one picked, and the
// booking appears in Order History as an order, in a patient's words.
test.use({ viewport: { width: 360, height: 800 } });

const demoTest = (index: number) => ({ name: seedTests[index].name, slug: slugify(seedTests[index].name) });

async function signUp(page: Page, email: string) {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("Book This Test shows the total and the terms first; 11:00 is 11:00 in the message, My Bookings and Order History", async ({ page }) => {
  const { name, slug } = demoTest(70);
  await signUp(page, uniqueEmail("journey-core"));
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("booking-quote")).toContainText("Total (VAT included)");
  await expect(dialog.getByTestId("booking-quote")).toContainText("Paid in cash at the visit");
  await expect(dialog.getByTestId("cancellation-terms")).toContainText("up to 2 hours before the appointment");
  await expect(dialog.getByTestId("cancellation-terms")).toContainText("more than 24 hours before");

  await dialog.getByLabel("Patient Name").fill("Huda Karim");
  await dialog.getByLabel("Email").fill("huda@example.com");
  const tomorrow = addDays(new TZDate(Date.now(), "Asia/Dubai"), 1);
  await dialog.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== new TZDate(Date.now(), "Asia/Dubai").getMonth()) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await dialog.getByLabel("Preferred Time").fill("11:00");
  // The day's times (and the fasting note for 11:00) arrive after the date and time are picked and
  // push Book Test down: the patient presses it once they are shown, with 11:00 marked. Pressed
  // while they were arriving, it once submitted nothing (CI, 2026-12-07).
  await expect(dialog.getByRole("button", { name: /^11:00, \d+ free$/ })).toHaveAttribute("aria-pressed", "true");
  const total = (await dialog.getByTestId("booking-quote-total").textContent())!.trim();
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expectToast(page, "Your booking has been submitted successfully");
  await expectToast(page, new RegExp(`at 11:00\\. To pay at the visit: ${total.replace(/[.]/g, "\\.")}`));
  await expect(dialog).toHaveCount(0);

  await page.goto("/dashboard");
  await waitForHydration(page);
  const booking = page.getByTestId("booking-row").filter({ hasText: name });
  await expect(booking).toContainText("11:00");
  await expect(booking).toContainText("Booked, awaiting lab confirmation");
  const order = page.getByTestId("order-row").first();
  await expect(order).toContainText("Booked, awaiting lab confirmation");
  await expect(order).toContainText("Pay at the visit (cash)");
  await expect(order.getByRole("button", { name: "Resume Order" })).toHaveCount(0);
});
