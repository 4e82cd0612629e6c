// Issue 26 ("The time") at checkout: a line of a fasting test shows the test's preparation beside
// its time choice, lists the morning times first, and says why an afternoon time is harder, as the
// Book Test form does.
import { expect, test } from "@playwright/test";
import { format } from "date-fns";
import { dubaiDay, expectToast, signUp, uniqueEmail, waitForHydration } from "./helpers";

test("a fasting test's checkout line shows its preparation, its morning times first, and why an afternoon time is harder", async ({ page }) => {
  await signUp(page, uniqueEmail("fasting"));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/product/lipid-profile");
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Add to Cart\W*Lipid Profile$/ }).click();
  await expectToast(page, "Added to cart");

  await page.goto("/checkout?step=details");
  await waitForHydration(page);
  const day = dubaiDay(9);
  await page.getByLabel("Preferred Date").click();
  if (day.getMonth() !== dubaiDay(0).getMonth()) await page.getByRole("button", { name: /next month/i }).click();
  await page.locator(`[data-day="${format(day, "yyyy-MM-dd")}"] button`).click();

  const line = page.getByTestId("checkout-line").first();
  const preparation = line.getByTestId("slot-preparation");
  await expect(preparation).toContainText(/Preparation:.*Fast for/);
  await expect(preparation).toContainText("This test needs fasting, so morning times are listed first.");
  const slots = line.getByTestId("slot-list").getByRole("button");
  await expect(slots.first()).toBeVisible();
  const times = await slots.evaluateAll((buttons) => buttons.map((button) => (button.getAttribute("aria-label") ?? "").slice(0, 5)));
  const firstLater = times.findIndex((time) => time >= "11:00");
  expect(firstLater).toBeGreaterThan(0);
  expect(times.slice(0, firstLater).every((time) => time < "11:00")).toBe(true);
  expect(times.slice(firstLater).every((time) => time >= "11:00")).toBe(true);

  await expect(line.getByTestId("fasting-late-note")).toHaveCount(0);
  const afternoon = line.getByTestId("slot-list").getByRole("button", { name: /^1[3-9]:\d\d, \d+ free$/ }).first();
  const time = ((await afternoon.getAttribute("aria-label")) ?? "").slice(0, 5);
  await afternoon.click();
  await expect(line.getByTestId("fasting-late-note")).toHaveText(`You picked ${time}: you will need to fast until then. A morning time lets you fast overnight.`);
});
