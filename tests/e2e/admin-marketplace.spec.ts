import { TZDate } from "@date-fns/tz";
import { expect, test, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { DEMO_ADMIN, expectToast, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";

/** "AED 1,234.50" -> 1234.5 */
const aed = (text: string) => Number(/AED\s*([\d,]+\.\d{2})/.exec(text)![1].replace(/,/g, ""));
const money = (value: number) => `AED ${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function signInAsAdmin(page: Page) {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The comparison's rows on the product page (desktop table), cheapest first: lab name and price. */
async function comparison(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  const rows = page.getByTestId("lab-comparison-table").getByTestId("lab-offer");
  await expect(rows.first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  return Promise.all(
    texts.map(async (text, index) => ({ lab: (await rows.nth(index).locator("td").first().innerText()).split("\n")[0].trim(), price: aed(text) })),
  );
}

test("an admin raises a test's cheapest offer above the second and the product page and the search card's from price follow", async ({ page }) => {
  const slug = "fructosamine";
  await signInAsAdmin(page);
  const before = await comparison(page, slug);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [cheapest, second] = before;
  const raised = second.price + 5;

  await page.goto(`/admin/labs?q=${encodeURIComponent(cheapest.lab)}`);
  await page.getByRole("link", { name: `Offers of ${cheapest.lab}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Offers of ${cheapest.lab}` })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Search offers by test").fill("Fructosamine");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Fructosamine" })).toContainText(money(cheapest.price));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit Fructosamine" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Price (AED)").fill(raised.toFixed(2));
  await dialog.getByRole("button", { name: "Update Offer" }).click();
  await expectToast(page, "Offer updated");
  await expect(page.getByRole("row").filter({ hasText: "Fructosamine" })).toContainText(money(raised));

  const after = await comparison(page, slug);
  expect(after[0]).toEqual(second);
  expect(after.find((row) => row.lab === cheapest.lab)?.price).toBe(raised);
  await expect(page.getByRole("region", { name: /^Compare \d+ labs$/ })).toContainText(`Fructosamine from ${money(second.price)}`);

  await page.goto("/search?q=Fructosamine");
  const card = page.getByTestId("test-card-price").first();
  await expect(card).toContainText(`from ${money(second.price)}`);
  await expect(card).toContainText(/at \d+ labs/);
});

test("an admin saves a lab's area, hours, home collection and slots, adds an offer, and sees a booking in the lab's day view", async ({ page, browser }) => {
  // Two people's journeys in one test: over a minute on CI's two cores while the other worker
  // runs the bad-input sweep against the same server.
  test.slow();
  const name = `Shakhbout Day Lab ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/labs");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Lab" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Area", { exact: true }).fill("Shakhbout City");
  await dialog.getByLabel("Latitude").fill("124.3");
  await dialog.getByLabel("Longitude").fill("54.6");
  for (const day of ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) {
    await dialog.getByLabel(`${day} opens`).fill("08:00");
    await dialog.getByLabel(`${day} closes`).fill("20:00");
  }
  await dialog.getByLabel("Home-collection fee (AED)").fill("40");
  await dialog.getByLabel("Areas served").fill("Shakhbout City, Khalifa City");
  await dialog.getByLabel("Walk-in slot length (minutes)").fill("30");
  await dialog.getByLabel("Walk-in capacity per slot").fill("3");
  await dialog.getByRole("button", { name: "Create Lab" }).click();
  await expect(dialog.getByText("Latitude must be a number between -90 and 90")).toBeVisible();
  await dialog.getByLabel("Latitude").fill("24.3");
  await dialog.getByRole("button", { name: "Create Lab" }).click();
  await expectToast(page, "Lab created");

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Shakhbout City");
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Latitude")).toHaveValue("24.3");
  await expect(dialog.getByLabel("Friday opens")).toHaveValue("08:00");
  await expect(dialog.getByLabel("Home-collection fee (AED)")).toHaveValue("40.00");
  await expect(dialog.getByLabel("Areas served")).toHaveValue("Shakhbout City, Khalifa City");
  await expect(dialog.getByLabel("Walk-in capacity per slot")).toHaveValue("3");
  await page.keyboard.press("Escape");

  // The cheapest offer of a test, so that a patient's default lab is this one.
  await row.getByRole("link", { name: `Offers of ${name}` }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Offer" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByRole("searchbox", { name: "Test" }).fill("Leptin");
  await dialog.getByRole("radio", { name: /^Leptin/ }).check();
  await dialog.getByLabel("Price (AED)").fill("1.00");
  await dialog.getByLabel("Result time (hours)").fill("12");
  await dialog.getByRole("button", { name: "Create Offer" }).click();
  await expectToast(page, "Offer created");
  await expect(page.getByRole("row").filter({ hasText: "Leptin" })).toContainText("AED 1.00");
  const labId = /\/admin\/labs\/([^/]+)\/offers/.exec(page.url())![1];

  // A customer books it for tomorrow at 10:00 with the defaults (cheapest lab, walk-in).
  const customer = await browser.newPage();
  await signUp(customer, uniqueEmail("day-view"));
  await expect(customer).toHaveURL(/\/dashboard$/);
  await customer.goto("/product/leptin");
  await waitForHydration(customer);
  await customer.getByRole("button", { name: "Book This Test" }).first().click();
  const booking = customer.getByRole("dialog");
  await booking.getByLabel("Patient Name").fill("Mariam Day View");
  await booking.getByLabel("Email").fill("mariam@example.com");
  const today = new TZDate(Date.now(), "Asia/Dubai");
  const tomorrow = addDays(today, 1);
  await booking.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== today.getMonth()) await customer.getByRole("button", { name: /next month/i }).click();
  await customer.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await booking.getByLabel("Preferred Time").fill("10:00");
  // The toast shows for a few seconds once the answer arrives: wait for the answer first, however
  // long a loaded server takes.
  const answer = customer.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/book/"));
  await booking.getByRole("button", { name: "Book Test" }).click();
  expect((await answer).status()).toBe(200);
  await expectToast(customer, "Your booking has been submitted successfully");
  await customer.close();

  const date = format(tomorrow, "yyyy-MM-dd");
  await page.goto(`/admin/labs/${labId}/day?date=${date}&type=walk_in`);
  await expect(page.getByRole("heading", { name: `Day view of ${name}` })).toBeVisible();
  const slot = page.locator('tr[data-slot="10:00"]');
  await expect(slot).toContainText("Mariam Day View");
  await expect(slot).toContainText("Leptin");
  await expect(slot).toContainText("pending");
  await expect(slot.locator("td").nth(1)).toHaveText("3");
  await expect(slot.locator("td").nth(2)).toHaveText("1");
  await expect(slot.locator("td").nth(4)).toHaveText("2");
  // 08:00 to 20:00 in 30-minute slots.
  await expect(page.locator("tr[data-slot]")).toHaveCount(24);

  // The bookings list filtered to this lab shows its lab and collection type.
  await page.getByRole("link", { name: "These bookings in the bookings list" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?lab=${labId}&type=walk_in&date=${date}`));
  const listed = page.getByRole("row").filter({ hasText: "Mariam Day View" });
  await expect(listed).toContainText(name);
  await expect(listed).toContainText("Walk-in");
  await expect(page.getByLabel("Lab", { exact: true })).toHaveValue(labId);
});
