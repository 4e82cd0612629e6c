import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { expectPageOfAddress, waitForHydration } from "./helpers";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The first lab of the directory that collects at home, as its card shows it. */
async function aHomeCollectionLab(page: Page) {
  await page.goto("/labs");
  const card = page.getByTestId("lab-card").filter({ hasText: /Home collection AED/ }).first();
  const link = card.getByRole("heading").getByRole("link");
  return { name: (await link.innerText()).trim(), href: (await link.getAttribute("href"))! };
}

test("the lab directory lists the partner labs, and a lab page shows its hours, map, home collection and its tests with prices", async ({ page }) => {
  await page.goto("/labs");
  await expect(page.getByRole("heading", { level: 1, name: "Partner Labs in Abu Dhabi" })).toBeVisible();
  const cards = page.getByTestId("lab-card");
  expect(await cards.count()).toBeGreaterThanOrEqual(20);
  await expect(cards.first()).toContainText(/\d+ tests?/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Labs" })).toBeVisible();

  const lab = await aHomeCollectionLab(page);
  await page.getByRole("link", { name: lab.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${lab.href}$`));
  await expect(page.getByRole("heading", { level: 1, name: lab.name })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${lab.href}$`));

  // Opening hours, one row per weekday from Sunday, in Abu Dhabi time.
  const hours = page.getByRole("region", { name: "Opening hours" });
  await expect(hours.getByRole("rowheader")).toHaveText([/^Sunday/, /^Monday/, /^Tuesday/, /^Wednesday/, /^Thursday/, /^Friday/, /^Saturday/]);
  await expect(hours.getByRole("cell").first()).toHaveText(/^(\d{2}:\d{2} – \d{2}:\d{2}|Closed|Open 24 hours)$/);
  await expect(hours).toContainText("(today)");
  await expect(page.getByRole("link", { name: /View on map/ })).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=2\d\.\d+&mlon=5\d\.\d+/);
  await expect(page.getByRole("region", { name: "Home collection" })).toContainText(/Fee per visit: AED \d+\.\d{2}/);

  // Structured data: a MedicalClinic with address, geo, hours and telephone.
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  const clinic = jsonLd.find((item) => item["@type"] === "MedicalClinic");
  expect(clinic).toMatchObject({ name: lab.name, address: { "@type": "PostalAddress", addressCountry: "AE" }, geo: { "@type": "GeoCoordinates" } });
  expect(clinic.telephone).toMatch(/^\+971/);
  expect(clinic.openingHoursSpecification.length).toBeGreaterThan(0);

  // Its tests with its prices, cheapest first, linking to the product pages.
  const rows = page.getByTestId("lab-test");
  await expect(rows).toHaveCount(20);
  const prices = (await rows.locator("p.text-lg").allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, "")));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expect(page.getByRole("navigation", { name: /pagination/i })).toBeVisible();

  // Search within the lab's tests.
  const firstName = (await rows.first().getByTestId("lab-test-name").innerText()).trim();
  const word = firstName.split(/[^A-Za-z0-9]+/).find((part) => part.length >= 3) ?? firstName;
  await waitForHydration(page);
  await page.getByLabel("Search this lab's tests").fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${lab.href}\\?q=${encodeURIComponent(word)}$`));
  // The address changes before the new rows are shown: wait for them.
  const namesOfRows = () => rows.getByTestId("lab-test-name").allInnerTexts();
  await expect
    .poll(async () => {
      const names = await namesOfRows();
      return names.length > 0 && names.every((name) => name.toLowerCase().includes(word.toLowerCase()));
    })
    .toBe(true);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await rows.first().getByTestId("lab-test-name").click();
  await expect(page).toHaveURL(/\/product\//);
});

test("an unknown lab answers 404 with the not-found state", async ({ page }) => {
  const response = await page.goto("/labs/no-such-lab");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Lab Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See All Labs" })).toHaveAttribute("href", "/labs");
});

test("search filters by lab, area and home collection stay in the URL and show from-prices and lab counts", async ({ page }) => {
  const lab = await aHomeCollectionLab(page);
  const slug = lab.href.replace("/labs/", "");

  await page.goto("/search");
  await waitForHydration(page);
  await page.getByLabel("Lab", { exact: true }).selectOption({ label: lab.name });
  await expect(page).toHaveURL(new RegExp(`lab=${slug}`));
  await expectPageOfAddress(page);
  const cards = page.getByTestId("test-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByTestId("test-card-price")).toHaveText(/^from AED [\d,]+\.\d{2}\s*at \d+ labs?$/);
  const labTotal = Number((await page.getByText(/tests? found$/).innerText()).replace(/[^\d]/g, ""));

  // Home collection narrows (or keeps) the lab's tests; the lab filter stays.
  await page.getByRole("checkbox", { name: "Home collection" }).check();
  await expect(page).toHaveURL(new RegExp(`lab=${slug}.*home=1`));
  await expect(page.getByLabel("Lab", { exact: true })).toHaveValue(slug);
  await expect(page.getByRole("checkbox", { name: "Home collection" })).toBeChecked();
  await expectPageOfAddress(page);
  const homeTotal = Number((await page.getByText(/tests? found$/).innerText()).replace(/[^\d]/g, ""));
  expect(homeTotal).toBeGreaterThan(0);
  expect(homeTotal).toBeLessThanOrEqual(labTotal);

  // A sort keeps the filters, and sorts by the lowest offer.
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(new RegExp(`lab=${slug}.*home=1`));
  const pricesOfCards = async () => (await cards.locator("p.text-xl").allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, "")));
  // Polled until the sorted results are shown: while they load, the page shows placeholders.
  const sorted = (prices: number[]) => prices.length > 0 && prices.every((price, i) => i === 0 || prices[i - 1] <= price);
  await expect.poll(async () => sorted(await pricesOfCards())).toBe(true);

  // An area instead of a lab: every card is offered somewhere, from its lowest price.
  await page.goto("/search?area=Al%20Ain");
  await expect(page.getByLabel("Area", { exact: true })).toHaveValue("Al Ain");
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.getByTestId("test-card-price").allInnerTexts()) expect(text).toMatch(/^from AED [\d,]+\.\d{2}\s*at \d+ labs?$/);
  // Pages keep the filter.
  await expect(page.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("href", /area=Al\+Ain.*page=2/);
});

test("the filters work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/search?q=vitamin");
  await page.getByRole("checkbox", { name: "Home collection" }).check();
  await page.getByRole("button", { name: "Filter results" }).click();
  await expect(page).toHaveURL(/\/search\?q=vitamin&.*home=1/);
  await expect(page.getByTestId("test-card").first().getByTestId("test-card-price")).toContainText(/^from AED/);
  await context.close();
});

test("the lab pages and a filtered search fit a 360 px phone and have no serious accessibility violations", async ({ page }) => {
  const lab = await aHomeCollectionLab(page);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/labs", lab.href, `${lab.href}?page=2`, `/search?lab=${lab.href.replace("/labs/", "")}&home=1`, "/search?area=Al%20Ain&sort=price-asc"]) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
