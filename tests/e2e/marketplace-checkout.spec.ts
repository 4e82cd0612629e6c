import { TZDate } from "@date-fns/tz";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { expectToast, postTestClock, signUp, uniqueEmail, waitForHydration } from "./helpers";

// Demo-catalogue tests no other journey books, so the slot counts seen here are this file's own.
const demoTest = (index: number) => ({ name: seedTests[index].name, slug: slugify(seedTests[index].name) });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function pickTomorrow(page: Page) {
  const today = new TZDate(Date.now(), "Asia/Dubai");
  const tomorrow = addDays(today, 1);
  await page.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== today.getMonth()) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await expect(page.getByLabel("Preferred Date")).toHaveText(format(tomorrow, "EEE, d MMM yyyy"));
}

async function signedUpWithTestInCart(page: Page, index: number, prefix: string) {
  const { name, slug } = demoTest(index);
  await signUp(page, uniqueEmail(prefix));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(name)}$`) }).click();
  await expectToast(page, "Added to cart");
  return name;
}

async function openDetailsForTomorrow(page: Page) {
  await page.goto("/checkout?step=details");
  await waitForHydration(page);
  await page.getByLabel("Patient Name").fill("Layla Haddad");
  await pickTomorrow(page);
  const line = page.getByTestId("checkout-line").first();
  await expect(line.getByTestId("slot-list")).toBeVisible();
  return line;
}

/** How many of the 10:00 slot are free in a line's slot list (0 when it shows as full). */
async function freeAtTen(line: Locator) {
  const slot = line.getByTestId("slot-list").getByRole("button", { name: /^10:00/ });
  const label = (await slot.getAttribute("aria-label")) ?? "";
  return label.endsWith("Full") ? 0 : Number(/, (\d+) free$/.exec(label)?.[1]);
}

test("a card payment holds its slot for 15 minutes, and the slot is free again once the hold expires", async ({ page, request }) => {
  const name = await signedUpWithTestInCart(page, 12, "hold");
  let line = await openDetailsForTomorrow(page);
  const freeBefore = await freeAtTen(line);
  expect(freeBefore).toBeGreaterThan(0);
  await line.getByTestId("slot-list").getByRole("button", { name: /^10:00/ }).click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  await expect(page.getByTestId("summary-test-line")).toContainText(`${name} × 1`);
  await expect(page.getByTestId("summary-test-line")).toContainText("Walk-in");
  await expect(page.getByTestId("summary-test-line")).toContainText("at 10:00");
  await page.getByLabel(/Pay by Card/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);

  // The customer leaves the card page without paying: the slot is held meanwhile.
  line = await openDetailsForTomorrow(page);
  await expect.poll(() => freeAtTen(line)).toBe(freeBefore - 1);

  try {
    // 16 minutes later (the server's slot clock moved forward), the hold-release job runs.
    const moved = await postTestClock(request, { advanceMinutes: 16, sweep: "job" });
    expect(moved.ok()).toBe(true);
    await page.goto("/dashboard");
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("order-row").first().textContent();
        },
        { timeout: 20_000 },
      )
      .toMatch(/Expired/);
    line = await openDetailsForTomorrow(page);
    await expect.poll(() => freeAtTen(line)).toBe(freeBefore);
  } finally {
    await postTestClock(request, { reset: true });
  }
});

test("a home-collection line shows the lab's fee as its own line, and the order records the lab", async ({ page }) => {
  const name = await signedUpWithTestInCart(page, 13, "home");
  const line = await openDetailsForTomorrow(page);
  const labSelect = line.getByLabel(`Lab for ${name}`);
  const home = line.getByRole("radio", { name: /^Home collection/ });
  const labCount = await labSelect.locator("option").count();
  let chosenLab = "";
  for (let index = 0; index < labCount; index++) {
    await labSelect.selectOption({ index });
    if (await home.isEnabled()) {
      chosenLab = ((await labSelect.locator("option").nth(index).textContent()) ?? "").split(" · ")[0];
      break;
    }
  }
  expect(chosenLab).not.toBe("");
  await home.check();
  await line.getByLabel(`Home collection address for ${name}`).fill("Tower 3, Flat 1204");
  await line.getByLabel(`Area for ${name}`).selectOption({ index: 1 });
  await line.getByTestId("slot-list").getByRole("button", { name: /free$/ }).first().click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);

  const fee = page.getByTestId("summary-fee-line");
  await expect(fee).toHaveCount(1);
  await expect(fee).toContainText(`Home collection fee · ${chosenLab}`);
  await expect(page.getByTestId("summary-test-line")).toContainText(`${chosenLab} · Home collection`);
  const amount = async (locator: Locator) => Number(((await locator.textContent()) ?? "").replace(/[^\d.]/g, ""));
  const testAmount = await amount(page.getByTestId("summary-test-line").locator("span.tabular-nums"));
  const feeAmount = await amount(fee.locator("span.tabular-nums"));
  expect(feeAmount).toBeGreaterThanOrEqual(30);
  expect(await amount(page.getByTestId("checkout-total"))).toBeCloseTo(testAmount + feeAmount, 2);

  await page.getByLabel(/Cash on Delivery/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await page.goto("/dashboard");
  await waitForHydration(page);
  const row = page.getByTestId("order-row").first();
  await expect(row).toContainText(`at ${chosenLab}`);
  await row.getByRole("button", { name: /Show order details/ }).click();
  await expect(page.getByText(`Home collection fee · ${chosenLab} × 1`)).toBeVisible();
  await expect(page.getByTestId("order-item-lab").first()).toContainText(`${chosenLab} · Home collection`);
});

test("the test clock answers a malformed request with 400", async ({ request }) => {
  expect((await postTestClock(request, { advanceMinutes: "soon" })).status()).toBe(400);
});
