// Issue 30: search understands everyday words in English and Arabic, and admins see what visitors
// searched for that found nothing, and turn it into a synonym.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, expectPageOfAddress, expectToast, signIn, waitForHydration } from "./helpers";

const cardNames = async (page: Page) => {
  await expectPageOfAddress(page);
  await expect(page.getByTestId("test-card").first()).toBeVisible();
  return page.getByTestId("test-card").getByRole("heading").allInnerTexts();
};

test("“sugar level” finds HbA1c and fasting glucose in the first three results", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search for lab tests" });
  await box.fill("sugar level");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=sugar\+level$/);
  expect((await cardNames(page)).slice(0, 3)).toEqual(expect.arrayContaining(["HbA1c (Glycated Haemoglobin)", "Fasting Blood Glucose"]));
});

test("“فحص السكر” finds the same two tests in the first three results of the Arabic page", async ({ page }) => {
  await page.goto("/ar");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "ابحث عن الفحوصات المخبرية" });
  await box.fill("فحص السكر");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/ar\/search\?q=/);
  // The Arabic page shows the tests' Arabic names.
  expect((await cardNames(page)).slice(0, 3)).toEqual(expect.arrayContaining(["السكر التراكمي (الهيموغلوبين السكري)", "سكر الدم الصائم"]));
});

test("an admin adds a synonym from the searches that found nothing, and the next search finds it", async ({ page, browser }) => {
  const query = `zuckertest${Date.now().toString(36)}`;
  const visitor = await browser.newPage();
  await visitor.goto(`/search?q=${query}`);
  await expect(visitor.getByText("No tests match your search criteria")).toBeVisible();

  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Search" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await waitForHydration(page);
  const noResults = page.getByRole("region", { name: "Searches with no results" });
  await expect(noResults.getByRole("row").filter({ hasText: query })).toBeVisible();
  await noResults.getByRole("button", { name: `Add a synonym for ${query}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Term")).toHaveValue(query);
  await dialog.getByRole("button", { name: "Create Synonym" }).click();
  await expect(dialog.getByText("Say what the term stands for: tests, categories or words.")).toBeVisible();
  await dialog.getByLabel("Tests").fill("HbA1c (Glycated Haemoglobin)");
  await dialog.getByRole("button", { name: "Create Synonym" }).click();
  await expectToast(page, "Synonym created");
  await expect(noResults.getByRole("row").filter({ hasText: query }).getByText("A synonym covers it")).toBeVisible();

  await visitor.goto(`/search?q=${query}`);
  expect((await cardNames(visitor))[0]).toBe("HbA1c (Glycated Haemoglobin)");
  await visitor.close();
});

test("a followed result is counted: the query leaves the list of searches nobody clicked", async ({ page, browser }) => {
  const visitor = await browser.newPage();
  const query = "ferritin";
  await visitor.goto(`/search?q=${query}`);
  await waitForHydration(visitor);
  await visitor.goto(`/search?q=magnesium`);
  await waitForHydration(visitor);
  // Opening a result sends the beacon; the product page keeps its own address.
  const clicked = visitor.waitForRequest((request) => request.url().endsWith("/api/search-click") && request.method() === "POST");
  await visitor.getByTestId("test-card").getByRole("link", { name: "Magnesium", exact: true }).click();
  await clicked;
  await expect(visitor).toHaveURL(/\/product\/magnesium$/);
  await visitor.close();

  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/search");
  const noClicks = page.getByRole("region", { name: "Searches nobody clicked" });
  await expect(noClicks.getByRole("cell", { name: query, exact: true })).toBeVisible();
  await expect(noClicks.getByRole("cell", { name: "magnesium", exact: true })).toHaveCount(0);
});
