import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { expectPageOfAddress, waitForHydration } from "./helpers";

const cardNames = (page: Page) => page.getByTestId("test-card").getByRole("heading").allInnerTexts();
/** Waits for the page of the address to be shown (no skeleton cards), then reads the prices. */
const cardPrices = async (page: Page) => {
  await expectPageOfAddress(page);
  await expect(page.getByTestId("test-card-skeleton")).toHaveCount(0);
  await expect(page.getByTestId("test-card").first()).toBeVisible();
  return (await page.getByTestId("test-card").locator("p.text-xl").allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, "")));
};

test("a visitor searches from the hero, clears the box and finds a test despite a typo", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search for lab tests" });
  await box.fill("something else");
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(box).toHaveValue("");
  await box.fill("vitamn d");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=vitamn\+d$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "vitamn d"');
  await expect(page.getByText("Showing results for “vitamin d”")).toBeVisible();
  expect((await cardNames(page))[0]).toBe("Vitamin D (25-OH)");
});

test("a visitor filters by category, sorts by price, pages through results and clears the filters", async ({ page }) => {
  await page.goto("/search");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Lab Tests");
  await expect(page.getByTestId("test-card")).toHaveCount(9);

  // While the next page loads, six skeleton cards stand in for the results.
  let releaseData = () => {};
  const dataHeld = new Promise<void>((resolve) => (releaseData = resolve));
  await page.route("**/search.data*", async (route) => {
    await dataHeld;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next page" }).click();
  await expect(page.getByTestId("test-card-skeleton")).toHaveCount(6);
  releaseData();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]')).toHaveText("2");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Vitamin & Mineral" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vitamin & Mineral Tests");
  expect(page.url()).not.toContain("page=");

  await page.getByLabel("Sort by").selectOption({ label: "Price high-low" });
  await expect(page).toHaveURL(/sort=price-desc/);
  expect(page.url()).toContain("category=");
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(1);
  expect([...prices].sort((a, b) => b - a)).toEqual(prices);

  await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Clear Filters" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Lab Tests");
});

test("a search with no results offers to clear the filters", async ({ page }) => {
  await page.goto("/search?q=zzzzqqqq");
  await expect(page.getByText("No tests match your search criteria")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Clear Filters" }).last().click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId("test-card")).toHaveCount(9);
});

test("a visitor opens a product from the results and sees its details, booking and related tests", async ({ page }) => {
  await page.goto("/search?q=lipid%20profile");
  await page.getByTestId("test-card").getByRole("link", { name: "Lipid Profile", exact: true }).click();
  await expect(page).toHaveURL(/\/product\/lipid-profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lipid Profile");
  await expect(page.getByText("Digital & Printable")).toBeVisible();
  await expect(page.getByText("Heart Health").first()).toBeVisible();
  for (const heading of ["About This Test", "Preparation Instructions", "Why You Need This Test", "Related Tests"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Book This Test" })).toBeVisible();
  await expect(page.locator("#main").getByTestId("test-card")).toHaveCount(4);
  await expect(page.locator("main p.text-3xl")).toHaveText(/^AED \d{1,3}(,\d{3})*\.\d{2}$/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = jsonLd.map((text) => JSON.parse(text)).find((item) => item["@type"] === "Product");
  expect(product.offers.priceCurrency).toBe("AED");
});

test("the booking dialog opens from the keyboard and gives the focus back to its button when closed", async ({ page }) => {
  await page.goto("/product/lipid-profile");
  await waitForHydration(page);
  const book = page.getByRole("button", { name: "Book This Test" });
  await book.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Book Lipid Profile" })).toBeVisible();
  // The page behind a modal dialog is hidden from assistive technology, its button included.
  await expect(page.getByRole("button", { name: "Book This Test", includeHidden: true })).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(book).toBeFocused();
  await expect(book).toHaveAttribute("aria-expanded", "false");
});

test("a visitor opens a category from the home page and sees its tests by name", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "View Tests: Heart Health" }).click();
  await expect(page).toHaveURL(/\/category\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Heart Health");
  await expect(page.getByRole("heading", { name: "About Heart Health" })).toBeVisible();
  const names = await cardNames(page);
  expect(names.length).toBeGreaterThan(0);
  // By name in the database's collation: byte order (PGlite) or linguistic (PostgreSQL en_US).
  const byCodePoint = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const byLocale = [...names].sort((a, b) => a.localeCompare(b));
  expect([byCodePoint, byLocale]).toContainEqual(names);
});

test("missing products, categories and posts answer 404 with their own messages", async ({ page }) => {
  const cases = [
    ["/product/no-such-test", "Test Not Found"],
    ["/category/no-such-category", "Category not found"],
    ["/category/00000000-0000-4000-8000-000000000000", "Category not found"],
    ["/blog/no-such-post", "Post Not Found"],
    ["/blog/thyroid-basics", "Post Not Found"], // a draft is not published
  ] as const;
  for (const [url, heading] of cases) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test("bad search input gets a sensible page, never an error", async ({ request }) => {
  for (const query of ["page=-1", "page=0", "page=99999999", "page=abc", "category=nope", "category=00000000-0000-4000-8000-000000000000", "sort=nope", `q=${"x".repeat(10_000)}`]) {
    const response = await request.get(`/search?${query}`);
    expect(response.status(), query).toBe(200);
    expect(await response.text(), query).not.toContain("Something went wrong");
  }
});

test("a reader moves between blog posts and switches resource tabs", async ({ page }) => {
  await page.goto("/resources");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Health Resources" }).click();
  await expect(page).toHaveURL(/tab=resources/);
  await expect(page.getByRole("link", { name: /Visit resource/ }).first()).toBeVisible();
  await page.getByRole("link", { name: "Blog Posts" }).click();
  await page.getByRole("link", { name: "HbA1c Explained", exact: false }).first().click();
  await expect(page).toHaveURL(/\/blog\/hba1c-explained$/);
  // The address changes before the post is shown: wait for its heading before reading it.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("HbA1c");
  const title = await page.getByRole("heading", { level: 1 }).innerText();
  await page.getByRole("link", { name: /Previous post/ }).click();
  await expect(page).toHaveURL(/\/blog\/premarital-screening-in-abu-dhabi$/);
  await page.getByRole("link", { name: /Next post/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("the FAQ accordion opens and closes from the keyboard", async ({ page }) => {
  await page.goto("/faqs");
  await waitForHydration(page);
  const trigger = page.getByRole("button", { name: "How do I book a lab test?" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("region", { name: "How do I book a lab test?" })).toBeVisible();
  await page.keyboard.press("Space");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
});

test("search works with JavaScript disabled", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/search");
  await page.getByRole("searchbox", { name: "Refine your search" }).fill("vitamin");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=vitamin/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "vitamin"');
  await page.getByLabel("Sort by").selectOption({ label: "Price low-high" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  const prices = await cardPrices(page);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("test-card").first()).toBeVisible();
  await context.close();
});

test("search pages carry noindex, canonical, prev/next and an item list; the site publishes sitemap, robots and RSS", async ({ page, request }) => {
  await page.goto("/search?page=2&utm_source=newsletter");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/search\?page=2$/);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/search$/);
  await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", /\/search\?page=3$/);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  expect(jsonLd.find((item) => item["@type"] === "ItemList").itemListElement).toHaveLength(9);

  await page.goto("/");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/rss.xml");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/product/lipid-profile</loc>");
  expect(sitemap).toContain("/faqs</loc>");
  expect(sitemap).not.toContain("thyroid-basics");
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /admin");
  expect(await (await request.get("/rss.xml")).text()).toContain("<title>HbA1c");
});

for (const [name, url] of [
  ["home", "/"],
  ["search", "/search?q=vitamin"],
  ["product", "/product/lipid-profile"],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(url);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("the home page shows How It Works from the nav and a testimonial carousel that stops when navigated", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await expect(page.locator("#how-it-works").getByRole("listitem")).toHaveCount(4);

  const carousel = page.getByRole("region", { name: "Patient testimonials" });
  const visibleNames = () => carousel.locator("li:not([hidden]) p.font-semibold").allInnerTexts();
  await carousel.scrollIntoViewIfNeeded();
  await expect.poll(visibleNames).toHaveLength(3);
  await carousel.getByRole("button", { name: "Next testimonials" }).click();
  await expect.poll(visibleNames).toEqual(["Omar H.", "Maria L."]);
  await page.mouse.move(0, 0); // hovering pauses; moving away must not restart it after a manual step
  await page.waitForTimeout(5_500);
  expect(await visibleNames()).toEqual(["Omar H.", "Maria L."]);
});

test("every storefront page fits a 360 px phone without sideways scrolling", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const sitemap = await (await request.get("/sitemap.xml")).text();
  // The English pages; their Arabic twins are sampled by arabic-site.spec.ts.
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname).filter((path) => !/^\/ar(\/|$)/.test(path));
  const sample = new Set([
    ...paths.filter((path) => !/^\/(product|category|blog)\//.test(path)),
    ...["product", "category", "blog"].flatMap((kind) => paths.filter((path) => path.startsWith(`/${kind}/`)).slice(0, 3)),
    "/product/17-hydroxyprogesterone", // one long unbroken word in its title
    "/search?q=thyroid",
    "/cart",
    "/auth",
  ]);
  const overflowing: string[] = [];
  for (const path of sample) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) overflowing.push(`${path} (${overflow} px)`);
  }
  expect(overflowing).toEqual([]);
});

test("a keyboard user steps through the sort and filters, and the focus stays on the control as the results change", async ({ page }) => {
  await page.goto("/search?q=vitamin");
  await waitForHydration(page);
  const sort = page.getByLabel("Sort by");
  await sort.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/sort=name-asc/);
  await expect(sort).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/sort=name-desc/);
  await expect(sort).toBeFocused();
  // A quick typist's next key comes as soon as the address changes, before the new page is shown.
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/sort=price-asc/);
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(sort).toBeFocused();
  await expect(sort).toHaveValue("price-desc");

  const home = page.getByRole("checkbox", { name: "Home collection" });
  await home.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/home=1/);
  await expect(home).toBeFocused();
  await expect(home).toBeChecked();
});

test("the sort and filters show what the address says after back, forward and a link, and a filter chosen right after a sort keeps it", async ({ page }) => {
  await page.goto("/search?q=vitamin");
  await waitForHydration(page);
  const sort = page.getByLabel("Sort by");
  const home = page.getByRole("checkbox", { name: "Home collection" });
  await sort.selectOption("name-asc");
  await home.check();
  await expect(page).toHaveURL(/home=1/);
  await expect(page).toHaveURL(/sort=name-asc/);
  await sort.selectOption("name-desc");
  await expect(page).toHaveURL(/sort=name-desc/);
  await expect(page).toHaveURL(/home=1/);

  await page.goBack();
  await expect(page).toHaveURL(/sort=name-asc/);
  await expect(sort).toHaveValue("name-asc");
  await expect(home).toBeChecked();
  // Back to the plain search: two steps, or one when the filter, chosen while the sort's page was
  // still loading, took that navigation's place in the history (as on a fast machine).
  await page.goBack();
  if (new URL(page.url()).searchParams.get("sort") === "name-asc") await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=vitamin$/);
  await expect(sort).toHaveValue("");
  await expect(home).not.toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(/sort=name-asc/);
  await expect(sort).toHaveValue("name-asc");

  await page.getByRole("link", { name: "Clear Filters" }).first().click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(home).not.toBeChecked();
  await expect(page.getByRole("option", { name: "Best match" })).toHaveCount(0);
  await expect(sort).toHaveValue("name-asc");
});
