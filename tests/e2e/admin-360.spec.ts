import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, signIn, waitForHydration } from "./helpers";

// Every admin page on a 360 px phone: no page-level sideways scroll (a wide table scrolls inside its
// own box), no axe violation of serious or critical impact, and the sidebar folded into a menu button.
// SCREENSHOTS=1 also writes each page's first screen to docs/screenshots/admin/ (issue 31).

const STATIC_PAGES = [
  "/admin/dashboard",
  "/admin/tests",
  "/admin/labs",
  "/admin/categories",
  "/admin/search",
  "/admin/users",
  "/admin/bookings",
  "/admin/blog-posts",
  "/admin/blog-posts/new",
  "/admin/seo",
  "/admin/webhooks",
  "/admin/outbox",
  "/admin/jobs",
];

/** The pages reached through an id: the first lab's offers, day and price history, a booking, a message, a post. */
async function pagesWithIds(page: Page) {
  const found: string[] = [];
  const firstHref = async (list: string, pattern: RegExp) => {
    await page.goto(list);
    const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    return hrefs.find((href) => pattern.test(href));
  };
  const offers = await firstHref("/admin/labs", /^\/admin\/labs\/[0-9a-f-]{36}\/offers$/);
  if (offers) found.push(offers, offers.replace(/offers$/, "day"), offers.replace(/offers$/, "price-history"));
  const booking = await firstHref("/admin/bookings", /^\/admin\/bookings\/[0-9a-f-]{36}$/);
  if (booking) found.push(booking);
  const message = await firstHref("/admin/outbox", /^\/admin\/outbox\/[0-9a-f-]{36}$/);
  if (message) found.push(message);
  const post = await firstHref("/admin/blog-posts", /^\/admin\/blog-posts\/edit\/[0-9a-f-]{36}$/);
  if (post) found.push(post);
  found.push(await editOffersHref(page));
  return found;
}

/** The elements that stick out on the right, outside any box that scrolls by itself: what to fix. */
function widestElements(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => !element.parentElement?.closest(".overflow-x-auto, .overflow-auto"))
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")}`),
  );
}

/** Where "Edit offers" in the first test's form leads (a seeded test that labs offer). */
async function editOffersHref(page: Page) {
  await page.goto("/admin/tests");
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Edit / }).first().click();
  const link = page.getByRole("dialog").getByRole("link", { name: "Edit offers" });
  const href = (await link.getAttribute("href"))!;
  await page.keyboard.press("Escape");
  return href;
}

const screenshotName = (path: string) =>
  path
    .replace(/^\/admin\/?/, "")
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "id")
    .replaceAll("/", "-") || "index";

test("every admin page fits a 360 px screen and passes axe", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const pages = [...STATIC_PAGES, ...(await pagesWithIds(page))];
  expect(pages.length).toBeGreaterThanOrEqual(STATIC_PAGES.length + 5); // the outbox may be empty on a new server
  const screenshots = process.env.SCREENSHOTS === "1";
  if (screenshots) mkdirSync("docs/screenshots/admin", { recursive: true });
  const problems: string[] = [];
  for (const path of pages) {
    const response = await page.goto(path);
    if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${path}: ${overflow} px sideways scroll at 360 px (${(await widestElements(page)).join(", ")})`);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    for (const violation of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
      problems.push(`${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    }
    if (screenshots) await page.screenshot({ path: `docs/screenshots/admin/${screenshotName(path)}-360.png` });
  }
  expect(problems).toEqual([]);
});

test("below 768 px the admin sidebar is a menu button that discloses the links", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  const menu = nav.getByRole("button", { name: /Menu/ });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Bookings" })).toBeHidden();
  // The page's own heading is on the first screen, not below a long list of links.
  const heading = await page.locator("main h1").first().boundingBox();
  expect(heading!.y).toBeLessThan(740);

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Bookings" }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Labs" })).toBeHidden();

  await menu.click();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // From 768 px it is a sidebar again: no button, every link shown.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole("link", { name: "Labs" })).toBeVisible();
});

test("Edit offers from a test goes to that test's offers across labs", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const href = await editOffersHref(page);
  expect(href).toMatch(/^\/admin\/tests\/[0-9a-f-]{36}\/offers$/);
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1, name: /^Offers of / })).toBeVisible();
  const edits = page.getByRole("link", { name: /^Edit the offer of / });
  expect(await edits.count()).toBeGreaterThan(0);
  await edits.first().click();
  await expect(page).toHaveURL(/\/admin\/labs\/[0-9a-f-]{36}\/offers\?q=/);
});

test("at 1280 px the bookings table shows Status and Actions without scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const problems: string[] = [];
  for (const path of STATIC_PAGES) {
    await page.goto(path);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main table")].map((table) => {
        const box = table.parentElement!;
        return box.scrollWidth - box.clientWidth;
      }),
    );
    wide.forEach((overflow, index) => {
      if (overflow > 0) problems.push(`${path}: table ${index + 1} is ${overflow} px wider than its box at 1280 px`);
    });
  }
  expect(problems).toEqual([]);
  await page.goto("/admin/bookings");
  for (const name of ["Status", "Actions"]) {
    const box = await page.getByRole("columnheader", { name }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  }
});
