import { TZDate } from "@date-fns/tz";
import { expect, test, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { expectToast, signUp, uniqueEmail, waitForHydration } from "./helpers";

// Issue 26, "What the visit and the lab need": a quantity of two is two patients, each picked
// among the account's saved patients at checkout. A demo test no other journey books.
const { name: testName } = seedTests[44];
const slug = slugify(testName);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function addPatient(page: Page, fullName: string, dateOfBirth: string, sex: "female" | "male") {
  const addForm = page.locator("details", { hasText: "Add a patient" });
  if (!(await addForm.getByLabel("Full name").isVisible())) await addForm.locator("summary").click();
  await addForm.getByLabel("Full name").fill(fullName);
  await addForm.getByLabel("Date of birth").fill(dateOfBirth);
  await addForm.getByLabel("Sex").selectOption(sex);
  await addForm.getByRole("button", { name: "Add patient" }).click();
  await expect(page.getByRole("list", { name: "Saved patients" })).toContainText(fullName);
}

async function pickTomorrow(page: Page) {
  const today = new TZDate(Date.now(), "Asia/Dubai");
  const tomorrow = addDays(today, 1);
  await page.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== today.getMonth()) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await expect(page.getByLabel("Preferred Date")).toHaveText(format(tomorrow, "EEE, d MMM yyyy"));
}

test("two units of a test for two saved patients: picked at checkout, paid in cash, both named on the order", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUp(page, uniqueEmail("patients-checkout"));
  await expect(page).toHaveURL(/\/dashboard$/);

  // The family on the profile: the account holder's child and spouse.
  await page.goto("/profile");
  await waitForHydration(page);
  await addPatient(page, "Omar Saeed", "2018-06-01", "male");
  await expectToast(page, "Patient saved");
  await addPatient(page, "Mariam Saeed", "1988-02-14", "female");
  await expect(page.getByRole("list", { name: "Saved patients" }).getByTestId("saved-patient")).toHaveCount(2);

  // Two units of one test.
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(testName)}$`) }).click();
  await expectToast(page, "Added to cart");

  // The second unit is added in the cart, and checkout is opened at once: the details step,
  // which reads the cart from the server, waits for the change to be saved.
  await page.goto("/cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Increase quantity of ${testName}` }).first().click();
  await expect(page.getByRole("group", { name: `Quantity of ${testName}` }).first()).toContainText("2");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await page.getByRole("link", { name: "Continue to Details" }).click();
  await expect(page).toHaveURL(/step=details/);
  await page.getByLabel("Patient Name").fill("Layla Saeed");
  await pickTomorrow(page);
  const line = page.getByTestId("checkout-line").first();
  await expect(line).toContainText(`${testName} × 2`);
  // The same patient twice is refused on the field.
  await line.getByLabel(`Patient 1 for ${testName}`).selectOption({ label: "Omar Saeed" });
  await line.getByLabel(`Patient 2 for ${testName}`).selectOption({ label: "Omar Saeed" });
  await line.getByTestId("slot-list").getByRole("button", { name: /free$/ }).first().click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByTestId("checkout-line").first().getByRole("alert").filter({ hasText: "Each unit of a test is for a different patient" })).toBeVisible();
  await expect(page.getByLabel(`Patient 2 for ${testName}`)).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel(`Patient 2 for ${testName}`).selectOption({ label: "Mariam Saeed" });
  // The demo test is a genetic test: its referral is uploaded before booking (issue 26).
  await page.getByTestId("checkout-line").first().getByLabel(/^Doctor's referral for/).setInputFiles({ name: "referral.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await page.getByTestId("checkout-line").first().getByTestId("slot-list").getByRole("button", { name: /free$/ }).first().click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  await expect(page.getByTestId("summary-test-line")).toContainText(`${testName} × 2`);
  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  const visits = page.getByTestId("order-visit-patient");
  await expect(visits).toHaveCount(2);
  await expect(visits.filter({ hasText: "For Omar Saeed" })).toHaveCount(1);
  await expect(visits.filter({ hasText: "For Mariam Saeed" })).toHaveCount(1);

  // The order in the dashboard names both patients of the line.
  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByTestId("order-row").first().getByRole("button", { name: /Show order details/ }).click();
  const patients = page.getByTestId("order-item-patients").first();
  await expect(patients).toContainText("Omar Saeed");
  await expect(patients).toContainText("Mariam Saeed");
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);

  // The Book Test dialog offers the same saved patients; choosing one fills in the name.
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Patient (optional)").selectOption({ label: "Mariam Saeed" });
  await expect(dialog.getByLabel("Patient Name")).toHaveValue("Mariam Saeed");
});
