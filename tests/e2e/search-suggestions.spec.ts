import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

/** Focuses a box from the keyboard: Tab until it has the focus. */
async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.id === wanted, id)) return;
  }
  throw new Error(`Tab never reached #${id}`);
}

test("a visitor picks a suggestion with the keyboard alone", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await tabTo(page, "hero-search");
  const box = page.getByRole("combobox", { name: "Search for lab tests" });
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.type("vitamin d");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = list.getByRole("option");
  await expect(options.first()).toContainText("Vitamin D (25-OH)");
  await expect(options.first().locator("mark")).toHaveText("Vitamin D");
  await expect(page.getByRole("status").filter({ hasText: /suggestions?$/ })).toHaveText(`${await options.count()} suggestion${(await options.count()) === 1 ? "" : "s"}`);

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
  await expect(box).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\/vitamin-d-25-oh$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vitamin D (25-OH)");
});

test("Escape closes the suggestions and Enter then searches for the text as typed", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search for lab tests" });
  await box.focus();
  await page.keyboard.type("vitamin");
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).not.toHaveAttribute("aria-activedescendant");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=vitamin$/);
});

test("an Arabic page suggests Arabic names, chosen with the keyboard alone", async ({ page }) => {
  await page.goto("/ar");
  await waitForHydration(page);
  await tabTo(page, "hero-search");
  const box = page.getByRole("combobox", { name: "ابحث عن الفحوصات المخبرية" });
  await page.keyboard.type("فيتامين د");
  const list = page.getByRole("listbox", { name: "اقتراحات" });
  await expect(list).toBeVisible();
  const first = list.getByRole("option").first();
  await expect(first).toContainText("فيتامين د (25-هيدروكسي)");
  await expect(first.locator("mark")).toHaveText("فيتامين د");
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/ar\/product\/vitamin-d-25-oh$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("فيتامين د (25-هيدروكسي)");
});

test("an older answer that arrives late never replaces the suggestions for what is typed now", async ({ page }) => {
  await page.goto("/search");
  await waitForHydration(page);
  // The answer for "li" is held back until the one for "lipid" has been shown.
  let releaseOld = () => {};
  const held = new Promise<void>((resolve) => (releaseOld = resolve));
  await page.route("**/api/suggest?*", async (route) => {
    const q = new URL(route.request().url()).searchParams.get("q");
    if (q === "li") await held;
    await route.continue().catch(() => {}); // an aborted request has no one to answer
  });
  const box = page.getByRole("combobox", { name: "Refine your search" });
  await box.focus();
  await page.keyboard.type("li");
  await page.waitForRequest((request) => request.url().includes("q=li&"));
  await page.keyboard.type("pid");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option").first()).toContainText("Lipid");
  releaseOld();
  await page.waitForTimeout(300);
  for (const text of await list.getByRole("option").allInnerTexts()) expect(text.toLowerCase()).toContain("lipid");
});
