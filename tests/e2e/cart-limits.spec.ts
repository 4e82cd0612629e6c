import { expect, test, type Page } from "@playwright/test";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { expectToast, waitForHydration } from "./helpers";

// Issue 25: a cart holds at most 20 tests, 10 of each. A guest's cart, kept in this browser,
// keeps the same limits; an older one above them is shown, can be reduced, not checked out.

const demoTest = (index: number) => ({ name: seedTests[index].name, slug: slugify(seedTests[index].name) });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function openProduct(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
}

type StoredLine = { id: string; test_id: string; name: string; price: number; quantity: number; featured_image: string | null };

/** Adds lines to the guest cart kept in this browser (localStorage 'cart'), as an earlier visit could have left them. */
async function appendToGuestCart(page: Page, extra: StoredLine[]) {
  await page.evaluate((added) => {
    const lines = JSON.parse(window.localStorage.getItem("cart") ?? "[]") as unknown[];
    window.localStorage.setItem("cart", JSON.stringify([...lines, ...added]));
  }, extra);
}

/** Sets the quantity of every line of the guest cart kept in this browser. */
async function setGuestQuantities(page: Page, quantity: number) {
  await page.evaluate((units) => {
    const lines = JSON.parse(window.localStorage.getItem("cart") ?? "[]") as { quantity: number }[];
    window.localStorage.setItem("cart", JSON.stringify(lines.map((line) => ({ ...line, quantity: units }))));
  }, quantity);
}

test("a guest's cart takes 20 tests at most, and 10 of each, with the reason in the toast", async ({ page }) => {
  const { name, slug } = demoTest(1);
  await openProduct(page, slug);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(name)}$`) }).click();
  await expectToast(page, "Added to cart");
  const increase = page.getByRole("button", { name: `Increase quantity of ${name}` });
  for (let units = 2; units <= 10; units++) {
    await increase.click();
    await expect(page.getByRole("link", { name: `Cart, ${units} items` })).toBeVisible();
  }
  await increase.click();
  await expectToast(page, "You can add up to 10 of each test.");
  await expect(page.getByRole("group", { name: `Quantity of ${name}` })).toContainText("10");

  // 19 other tests, as an earlier visit could have left them: the 21st is refused.
  await appendToGuestCart(
    page,
    Array.from({ length: 19 }, (_, n) => ({
      id: `line-${n}`,
      test_id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      name: `Test ${n}`,
      price: 1000,
      quantity: 1,
      featured_image: null,
    })),
  );
  const other = demoTest(2);
  await openProduct(page, other.slug);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(other.name)}$`) }).click();
  await expectToast(page, "Your cart can hold up to 20 tests. Please remove one to add another.");
  await expect(page.getByRole("button", { name: `Increase quantity of ${other.name}` })).toHaveCount(0);
});

test("an older guest cart above the limits is shown and can be reduced, but not checked out until within them", async ({ page }) => {
  const { name, slug } = demoTest(3);
  await openProduct(page, slug);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(name)}$`) }).click();
  await expectToast(page, "Added to cart");
  await setGuestQuantities(page, 12);

  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByRole("alert")).toContainText("Your cart holds more than 20 tests or more than 10 of one test. Please reduce it before checkout.");
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();
  const group = page.getByRole("group", { name: `Quantity of ${name}` });
  await expect(group).toContainText("12");

  await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
  await expect(group).toContainText("11");
  await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
  await expect(group).toContainText("10");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});
