import { expect, test, type Locator, type Page } from "@playwright/test";
import { dubaiDay, expectToast, pickDay, signUp, uniqueEmail, waitForHydration } from "./helpers";

// Issue 26, "Home collection that tells the truth": the Book Test form works with the patient's
// area (the page's, else the saved address's), offers home collection only at the labs serving
// it with the fee in the price, names the area with a way to change it, and keeps walk-in open
// at every lab.

const AED = /AED\s*[\d,]+(?:\.\d+)?/;
const moneyIn = async (locator: Locator) => ((await locator.innerText()).match(AED) ?? [""])[0].replace(/\s+/g, " ");
const labOptions = (dialog: Locator) => dialog.getByLabel("Lab", { exact: true }).locator("option:not([value=''])");

async function saveAddressAtMushrif(page: Page) {
  await page.goto("/profile");
  await waitForHydration(page);
  await page.getByLabel("Area").fill("Al Mushrif");
  await page.getByLabel("Building").fill("Villa 12");
  await page.getByLabel("Flat or villa").fill("3");
  await page.getByLabel("Landmark").fill("Mushrif Mall");
  await page.getByLabel("Phone for the visit").fill("+971 50 123 4567");
  await page.getByRole("button", { name: "Save address" }).click();
  await expectToast(page, "Home collection address saved");
}

async function openBookDialog(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Book This Test" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Lab", { exact: true })).toBeVisible();
  return dialog;
}

test("Book Test at 360 px: the saved address's area, only the labs collecting there with the fee in the price; walk-in at any lab; the area can be changed", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });

  // What the search says for Al Mushrif with home collection: the test, its "from" total there, and its labs.
  await page.goto("/search?q=vitamin&area=Al+Mushrif&home=1");
  const card = page.getByTestId("test-card").first();
  await expect(card).toBeVisible();
  const href = (await card.getByRole("heading").getByRole("link").getAttribute("href"))!;
  const slug = new URL(href, "http://x").pathname.split("/").at(-1)!;
  const fromThere = await moneyIn(card.getByTestId("test-card-price"));
  expect(fromThere).not.toBe("");
  await page.goto(`/product/${slug}?area=Al+Mushrif&home=1`);
  const collecting = await page.getByTestId("lab-offer").count();
  expect(collecting).toBeGreaterThan(0);
  await page.goto(`/product/${slug}?area=`);
  const everyLab = await page.getByTestId("lab-offer").count();
  expect(everyLab).toBeGreaterThan(collecting);

  await signUp(page, uniqueEmail("booking-area"));
  await expect(page).not.toHaveURL(/\/auth/);
  await saveAddressAtMushrif(page);

  // The product page without an area in its address uses the saved one, and says so.
  const dialog = await openBookDialog(page, `/product/${slug}`);
  await expect(page.getByTestId("area-notice")).toContainText("Al Mushrif");
  await dialog.getByRole("radio", { name: /Home collection/ }).check();
  await expect(dialog.getByLabel("Area")).toHaveValue("Al Mushrif");
  const note = dialog.getByTestId("booking-area-note");
  await expect(note).toContainText("Labs that collect at home in Al Mushrif; prices include the home-collection fee.");
  await expect(note).toContainText("Using the area of your saved address; change the area above.");
  await expect(labOptions(dialog)).toHaveCount(collecting);
  // The cheapest total there, fee included: the "any lab" choice, the heading and the quote agree with the search.
  await expect(dialog.getByLabel("Lab", { exact: true }).locator("option[value='']")).toContainText(fromThere);
  await expect(dialog.getByTestId("book-dialog-price")).toHaveText(fromThere);
  await expect(dialog.getByTestId("booking-quote-total")).toHaveText(fromThere);
  await expect(dialog.getByTestId("booking-quote")).toContainText("Home collection fee");

  // Walk-in stays possible at every lab, at its own price.
  await dialog.getByRole("radio", { name: "Walk-in at the lab" }).check();
  await expect(labOptions(dialog)).toHaveCount(everyLab);
  await expect(note).toContainText("Walk-in is possible at any lab. Home collection comes only from the labs that serve Al Mushrif.");

  // Another area: the form says it is the patient's choice now.
  await dialog.getByRole("radio", { name: /Home collection/ }).check();
  const area = dialog.getByLabel("Area");
  const other = (await area.locator("option:not([value='']):not([value='Al Mushrif'])").first().getAttribute("value"))!;
  await area.selectOption(other);
  await expect(note).toContainText(`Labs that collect at home in ${other}`);
  await expect(note).toContainText("Using the area you chose");
  await expect.poll(() => labOptions(dialog).count()).toBeGreaterThan(0);

  // Back to Al Mushrif, and booked there: the cheapest lab collecting there with a free time.
  await area.selectOption("Al Mushrif");
  await expect(labOptions(dialog)).toHaveCount(collecting);
  await dialog.getByLabel("Patient Name").fill("Layla Haddad");
  await dialog.getByLabel("Email").fill(uniqueEmail("booking-area-patient"));
  await dialog.getByLabel("Address for home collection").fill("Villa 12, Flat 3");
  await pickDay(page, dialog, dubaiDay(3));
  await dialog.getByTestId("slot-list").getByRole("button", { name: /, \d+ free$/ }).first().click();
  await dialog.getByRole("button", { name: "Book Test" }).click();
  await expectToast(page, "Your booking has been submitted successfully");
});

test("a page's area wins over the saved one, and the Arabic form names it in Arabic", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUp(page, uniqueEmail("booking-area-ar"));
  await expect(page).not.toHaveURL(/\/auth/);
  await saveAddressAtMushrif(page);
  await page.goto("/search?q=vitamin&area=Al+Mushrif&home=1");
  const href = (await page.getByTestId("test-card").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
  const slug = new URL(href, "http://x").pathname.split("/").at(-1)!;

  await page.goto(`/ar/product/${slug}?area=Al+Mushrif&home=1`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "احجز هذا الفحص" }).click();
  const dialog = page.getByRole("dialog");
  // ?home=1 opens the form on home collection, in the page's area.
  await expect(dialog.getByRole("radio", { name: /سحب العينات من المنزل/ })).toBeChecked();
  const note = dialog.getByTestId("booking-area-note");
  await expect(note).toContainText("المختبرات التي تسحب العينات من المنزل");
  await expect(note).toContainText("المنطقة التي اخترتها");
  await expect(note).not.toContainText(/[A-Za-z]{4,}/);
});
