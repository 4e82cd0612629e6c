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

/** A column's cells as shown (innerText: without the card labels that only phones show). */
async function tableColumn(table: Locator, column: number) {
  return table.locator("tbody tr").evaluateAll((rows, index) => rows.map((row) => row.querySelectorAll("td")[index]?.innerText ?? ""), column);
}

/** How each row is laid out: its display, whether it has a border on every side, and its box. */
const rowBoxes = (rows: Locator) =>
  rows.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const { left, right, top, bottom } = element.getBoundingClientRect();
      const borders = [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth];
      return { display: style.display, bordered: borders.every((width) => parseFloat(width) > 0), left, right, top, bottom };
    }),
  );

/** Each lab is a bordered card as wide as the phone allows, one under the other. */
async function expectCards(page: Page, cards: Locator) {
  const viewport = page.viewportSize()!.width;
  const boxes = await rowBoxes(cards);
  expect(boxes.length).toBeGreaterThanOrEqual(2);
  boxes.forEach((box, index) => {
    expect(["block", "grid", "flex"]).toContain(box.display);
    expect(box.bordered).toBe(true);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(viewport);
    expect(box.right - box.left).toBeGreaterThan(viewport * 0.8);
    if (index > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[index - 1].bottom);
  });
}

test("a visitor compares the labs offering a test on a desktop, cheapest first, then sorts by result time", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(PRODUCT);
  const section = page.getByRole("region", { name: /^Compare \d+ labs$/ });
  await expect(section).toBeVisible();
  const table = page.getByRole("table", { name: "Labs offering Lipid Profile" });
  await expect(table).toBeVisible();
  for (const header of ["Lab", "Area", "Price", "Result time", "Collection", "Next free slot"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }

  const rows = table.locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(2);
  // Rows of a table, not cards: the cells' labels are the column headers, not the phone's labels.
  expect((await rowBoxes(rows)).map((box) => box.display)).toEqual(Array(count).fill("table-row"));
  await expect(rows.first().getByText("Next free slot:")).toBeHidden();
  await expect(rows.first().getByText("Result time:")).toBeHidden();
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

test("on a 360 px phone the same table shows each lab as a card, with the same marks and no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(PRODUCT);
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Labs offering Lipid Profile" });
  await expect(table).toBeVisible();
  // The header row is visually hidden (a clipped 1 px box) but still names the columns for screen readers.
  const header = await table.locator("thead").boundingBox();
  expect(header!.width).toBeLessThanOrEqual(1);
  expect(header!.height).toBeLessThanOrEqual(1);
  await expect(table.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "ascending");

  const cards = table.getByTestId("lab-offer");
  await expectCards(page, cards);
  const first = cards.first();
  await expect(first.getByRole("link").first()).toHaveAttribute("href", /^\/labs\/[a-z0-9-]+$/);
  await expect(first.getByText("Cheapest")).toBeVisible();
  await expect(first.getByText("Result time:")).toBeVisible();
  await expect(first.getByText("Walk-in", { exact: true })).toBeVisible();
  await expect(first.getByText("Next free slot:")).toBeVisible();
  const book = first.getByRole("link", { name: /^Book at / });
  await expect(book).toBeVisible();
  // The booking link spans the card.
  const [bookBox, cardBox] = [await book.boundingBox(), await first.boundingBox()];
  expect(bookBox!.width).toBeGreaterThan(cardBox!.width * 0.8);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole("navigation", { name: "Sort labs" }).getByRole("link", { name: "Result time" }).click();
  await expect(page).toHaveURL(/compare=result/);
  await expect(table.getByRole("columnheader", { name: "Result time" })).toHaveAttribute("aria-sort", "ascending");
  await expect(cards.first().getByText("Fastest")).toBeVisible();
  await expectCards(page, cards);
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
