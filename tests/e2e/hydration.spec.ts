import { expect, test, type Page } from "@playwright/test";
import { seedBlogPosts, seedLabs } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_CUSTOMER, layoutShifts, recordLayoutShifts, signIn, signUp, uniqueEmail, waitForHydration, type LayoutShift } from "./helpers";

// A page whose server HTML differs from its first client render (a date in another time zone,
// a text in another language) is thrown away and rendered again in the browser: the visitor sees
// it flicker and pays for a second render. React reports it as an error in the console.
const post = seedBlogPosts.find((candidate) => candidate.isPublished)!;
const PUBLIC_PAGES = [
  "/",
  "/search?q=vitamin",
  "/product/lipid-profile",
  "/labs",
  `/labs/${slugify(seedLabs[0].name)}`,
  `/blog/${post.slug}`,
  "/faqs",
  "/resources",
  "/about",
];
const SIGNED_IN_PAGES = ["/", "/product/lipid-profile", "/dashboard", "/cart", "/profile"];

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Demo images on other hosts fail to load where there is no internet (CI); that is not the page's error.
    const source = message.location().url;
    if (source && new URL(source).host !== new URL(page.url()).host) return;
    errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

/** Holds the page's scripts until the returned function is called: the server's HTML, not hydrated. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

test("public pages in both languages hydrate without an error", async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of PUBLIC_PAGES) {
    await visit(page, path);
    await visit(page, `/ar${path === "/" ? "" : path}`);
  }
  expect(errors).toEqual([]);
});

test("a signed-in customer's pages in both languages hydrate without an error", async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of SIGNED_IN_PAGES) {
    await visit(page, path);
    await visit(page, `/ar${path === "/" ? "" : path}`);
  }
  expect(errors).toEqual([]);
});

// A search or category page is rendered once for everyone who opens it (decision 0088); the pages
// after the first are filled with that HTML, and must hydrate as if rendered for the visitor. A
// test of theirs in the results makes the page theirs alone: its card shows their quantity.
test("a search or category page rendered once for everyone hydrates for each visitor, and shows their own cart", async ({ page, browser }) => {
  const errors = collectErrors(page);
  await signUp(page, uniqueEmail("shared-search"));
  await visit(page, "/");
  const category = await page.locator('a[href^="/category/"]').first().getAttribute("href");
  for (const path of [`/ar${category}`, category!, "/ar/search?q=ferritin", "/search?q=ferritin"]) {
    for (let time = 0; time < 2; time++) {
      await visit(page, path);
      await expect(page.getByTestId("test-card").first()).toBeVisible();
    }
  }
  const card = page.getByTestId("test-card").first();
  const name = await card.getByRole("heading").innerText();
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(card.getByRole("group", { name: `Quantity of ${name}` })).toBeVisible();
  await visit(page, "/search?q=ferritin");
  await expect(page.getByTestId("test-card").first().getByRole("group", { name: `Quantity of ${name}` })).toContainText("1");
  await page.getByTestId("test-card").first().getByRole("button", { name: `Increase quantity of ${name}` }).click();
  await expect(page.getByTestId("test-card").first().getByRole("group", { name: `Quantity of ${name}` })).toContainText("2");
  // Another visitor gets the page everyone gets.
  const other = await browser.newPage();
  const otherErrors = collectErrors(other);
  await visit(other, "/search?q=ferritin");
  await expect(other.getByTestId("test-card").first().getByRole("button", { name: /^Add to Cart/ })).toBeEnabled();
  await other.close();
  expect([...errors, ...otherErrors]).toEqual([]);
});

// Nothing may move under a visitor's finger while a page loads and hydrates (Lighthouse's CLS
// budget is 0.05; a button removed at hydration once moved the search page's filters by 0.052 and
// a click landed beside its link). The CPU is slowed so that hydration comes well after the paint,
// which makes ten page loads slow on a busy machine: each viewport is a test of its own.
for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test(`public pages do not shift while they load and hydrate, ${viewport.width} px wide`, async ({ page }) => {
    test.slow();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await recordLayoutShifts(page);
    await page.setViewportSize(viewport);
    const shifted: { page: string; total: number; shifts: LayoutShift[] }[] = [];
    for (const path of [...PUBLIC_PAGES, "/ar/search?q=vitamin"]) {
      await visit(page, path);
      const shifts = await layoutShifts(page);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      if (total > 0.005) shifted.push({ page: path, total, shifts });
    }
    expect(shifted).toEqual([]);
  });
}

test("a sort or a filter chosen before the search page hydrates is applied once it does", async ({ page }) => {
  let releaseScripts = () => {};
  let scriptsHeld = Promise.resolve();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const choices = [
    { choose: () => page.getByLabel("Sort by").selectOption({ label: "Price low-high" }), applied: /sort=price-asc/ },
    { choose: () => page.getByRole("checkbox", { name: "Home collection" }).check(), applied: /home=1/ },
  ];
  for (const { choose, applied } of choices) {
    scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.goto("/search?q=vitamin", { waitUntil: "domcontentloaded" });
    // Where scripts run, the no-JavaScript Apply buttons are never shown.
    await expect(page.getByRole("button", { name: "Apply" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Filter results" })).toBeHidden();
    await choose();
    releaseScripts();
    await expect(page).toHaveURL(applied);
  }
});

test("a keyboard user who steps the sort before the page hydrates keeps the focus and steps on", async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto("/search?q=vitamin", { waitUntil: "domcontentloaded" });
  const sort = page.getByLabel("Sort by");
  await sort.focus();
  await page.keyboard.press("ArrowDown");
  releaseScripts();
  await expect(page).toHaveURL(/sort=name-asc/);
  await expect(page.getByRole("option", { name: "Name A-Z", selected: true })).toBeAttached();
  await expect(sort).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/sort=name-desc/);
  await expect(sort).toBeFocused();
});

test("on a slow phone, a keyboard user who steps the sort as fast as the address changes lands on each option in turn", async ({ page }) => {
  // A busy browser shows a search's page after the visitor has chosen again: that page must not set
  // the sort back under their next key (failed 3 of 8 runs at 6x before the controls read the address).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.goto("/search?q=vitamin");
  await waitForHydration(page);
  const sort = page.getByLabel("Sort by");
  await sort.focus();
  const steps = [
    ["ArrowDown", "name-asc"],
    ["ArrowDown", "name-desc"],
    ["ArrowDown", "price-asc"],
    ["ArrowDown", "price-desc"],
    ["ArrowDown", "result_time-asc"],
    ["ArrowUp", "price-desc"],
    ["ArrowUp", "price-asc"],
    ["ArrowUp", "name-desc"],
  ] as const;
  for (const [key, value] of steps) {
    await page.keyboard.press(key);
    await expect(page).toHaveURL(new RegExp(`sort=${value}$`));
  }
  await expect(sort).toBeFocused();
  await expect(sort).toHaveValue("name-desc");
});

test("a page paints before its scripts are fetched, then hydrates, in a visible and in a hidden tab", async ({ page, context }) => {
  const errors = collectErrors(page);
  await visit(page, "/product/lipid-profile");
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/.*\.js$/.test(entry.name));
    return { paint: paint?.startTime, firstScript: Math.min(...scripts.map((entry) => entry.startTime)), scripts: scripts.length };
  });
  expect(timings.scripts).toBeGreaterThan(0);
  expect(timings.paint).toBeDefined();
  expect(timings.firstScript).toBeGreaterThanOrEqual(timings.paint!);
  // The server's HTML preloads nothing: the scripts are requested by the loader once painted.
  const html = await (await page.request.get("/product/lipid-profile")).text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"/);

  // A tab opened in the background paints nothing: its scripts load at once, so it is interactive when shown.
  const hidden = await context.newPage();
  const hiddenErrors = collectErrors(hidden);
  await hidden.addInitScript(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
  await visit(hidden, "/labs");
  expect([...errors, ...hiddenErrors]).toEqual([]);
});

test("on a phone, the menu tapped before the page hydrates opens once it has", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const releaseScripts = await holdScripts(page);
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("#mobile-menu")).toHaveCount(0);
  releaseScripts();
  const menu = page.locator("#mobile-menu");
  await expect(menu.getByRole("link", { name: "Tests" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  // Once hydrated, the button is React's alone: a tap closes the menu, the next opens it.
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toHaveCount(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu.getByRole("link", { name: "Tests" })).toBeVisible();
});
