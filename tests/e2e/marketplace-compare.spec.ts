import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

const PRODUCT = "/product/lipid-profile";

const aed = (text: string) => Number(text.replace(/[^0-9.]/g, ""));
/** "6 hours" -> 6, "3 days" -> 72. */
const hours = (text: string) => {
  const [value, unit] = text.trim().split(/\s+/);
  return Number(value) * (unit.startsWith("day") ? 24 : 1);
};
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function tableColumn(table: Locator, column: number) {
  return table.locator("tbody tr").evaluateAll((rows, index) => rows.map((row) => row.querySelectorAll("td")[index]?.textContent ?? ""), column);
}

test("a visitor compares the labs offering a test on a desktop, cheapest first, then sorts by result time", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(PRODUCT);
  const section = page.getByRole("region", { name: /^Compare \d+ labs$/ });
  await expect(section).toBeVisible();
  const table = page.getByRole("table", { name: "Labs offering Lipid Profile" });
  await expect(table).toBeVisible();
  await expect(page.getByTestId("lab-comparison-cards")).toBeHidden();
  for (const header of ["Lab", "Area", "Price", "Result time", "Collection", "Next free slot"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }

  const rows = table.locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const prices = (await tableColumn(table, 2)).map(aed);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  // The page's price is the lowest offer's.
  await expect(page.locator("main p.text-3xl")).toHaveText(`AED ${prices[0].toFixed(2)}`);
  await expect(page.getByText(`From, at ${count} labs:`)).toBeVisible();
  await expect(rows.first().getByText("Cheapest")).toBeVisible();
  await expect(table.getByText("Fastest").first()).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "ascending");

  // Every row names its lab (a link to the lab page), area, collection and a way to book there.
  const first = rows.first();
  await expect(first.getByRole("link").first()).toHaveAttribute("href", /^\/labs\/[a-z0-9-]+$/);
  await expect(first.getByText("Walk-in", { exact: true })).toBeVisible();
  await expect(first.getByRole("link", { name: /^Book at / })).toHaveAttribute("href", /^\/book\/[0-9a-f-]{36}\?lab=[0-9a-f-]{36}$/);

  await waitForHydration(page);
  await section.getByRole("navigation", { name: "Sort labs" }).getByRole("link", { name: "Result time" }).click();
  await expect(page).toHaveURL(/\?compare=result#compare-labs$/);
  await expect(table.getByRole("columnheader", { name: "Result time" })).toHaveAttribute("aria-sort", "ascending");
  const times = (await tableColumn(table, 3)).map(hours);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  await expect(rows.first().getByText("Fastest")).toBeVisible();
  // The sort is a view of the same page: the canonical address leaves it out.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/lipid-profile$/);

  await section.getByRole("navigation", { name: "Sort labs" }).getByRole("link", { name: "Next free slot" }).click();
  await expect(page).toHaveURL(/\?compare=slot#compare-labs$/);
  const slots = await table.locator("tbody tr td:nth-child(6) time").first().getAttribute("datetime");
  expect(slots).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});

test("the comparison is server-rendered and its sort links work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(PRODUCT);
  const table = page.getByRole("table", { name: "Labs offering Lipid Profile" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await page.getByRole("navigation", { name: "Sort labs" }).getByRole("link", { name: "Result time" }).click();
  await expect(page).toHaveURL(/\?compare=result#compare-labs$/);
  const times = (await tableColumn(table, 3)).map(hours);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  await context.close();
});

test("on a 360 px phone the labs are cards, with the same marks and no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(PRODUCT);
  await waitForHydration(page);
  await expect(page.getByRole("table", { name: "Labs offering Lipid Profile" })).toBeHidden();
  const cards = page.getByTestId("lab-comparison-cards").getByTestId("lab-offer");
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  await expect(cards.first().getByText("Cheapest")).toBeVisible();
  await expect(cards.first().getByRole("link", { name: /^Book at / })).toBeVisible();
  await expect(cards.first().getByText("Next free slot:")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole("navigation", { name: "Sort labs" }).getByRole("link", { name: "Result time" }).click();
  await expect(page).toHaveURL(/compare=result/);
  await expect(cards.first().getByText("Fastest")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

for (const width of [1280, 360]) {
  test(`the product page with its comparison has no serious accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(PRODUCT);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
