import { TZDate } from "@date-fns/tz";
import { expect, test, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { expectToast, uniqueEmail, waitForHydration } from "./helpers";

// Issue 26, "The money", on a 360 px phone: Book This Test can be paid by card now. The card page
// takes the payment, and only then is the test booked: My Bookings shows it, Order History shows
// the order paid by card.
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

/** Book This Test for tomorrow at `time`, by card: returns the test's name and the quoted total, on the demo card page. */
async function bookByCard(page: Page, index: number, time: string) {
  const { name, slug } = demoTest(index);
  await signUp(page, uniqueEmail("book-card"));
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  // Cash at the visit is the default; card is the option.
  await expect(dialog.getByRole("radio", { name: /Pay at the visit \(cash\)/ })).toBeChecked();
  await expect(dialog.getByTestId("booking-quote-payment")).toContainText("Paid in cash at the visit");

  await dialog.getByLabel("Patient Name").fill("Salma Idris");
  await dialog.getByLabel("Email").fill("salma@example.com");
  const tomorrow = addDays(new TZDate(Date.now(), "Asia/Dubai"), 1);
  await dialog.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== new TZDate(Date.now(), "Asia/Dubai").getMonth()) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await dialog.getByLabel("Preferred Time").fill(time);
  await dialog.getByRole("radio", { name: /Pay by card now/ }).check();
  await expect(dialog.getByTestId("booking-quote-payment")).toContainText("Paid by card now");
  const total = (await dialog.getByTestId("booking-quote-total").textContent())!.trim();
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
  return { name, total };
}

test("Book This Test paid by card now: the demo card page, Payment Successful!, then the booking and the paid order", async ({ page }) => {
  const { name, total } = await bookByCard(page, 71, "10:00");
  // The card page asks for exactly the quoted total.
  await expect(page.getByRole("button", { name: /^Pay AED/ })).toContainText(total.replace(/^AED\s*/, ""));
  await page.getByRole("button", { name: /^Pay AED/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?success=true&session_id=demo_cs_/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await page.goto("/dashboard");
  await waitForHydration(page);
  const booking = page.getByTestId("booking-row").filter({ hasText: name });
  await expect(booking).toHaveCount(1);
  await expect(booking).toContainText("10:00");
  const order = page.getByTestId("order-row").first();
  await expect(order).toContainText("Paid by card");
  await expect(order).toContainText(total);
  await expect(order.getByRole("button", { name: "Resume Order" })).toHaveCount(0);
});

test("cancelling on the card page returns to the dashboard, where the unpaid order waits and nothing is booked", async ({ page }) => {
  const { name } = await bookByCard(page, 72, "11:00");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, "Your payment was canceled and nothing was charged. Your booking waits for payment in Order History, where you can pay or cancel it.");
  await waitForHydration(page);
  await expect(page.getByTestId("booking-row").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByTestId("order-row").first()).toContainText(name);
});
