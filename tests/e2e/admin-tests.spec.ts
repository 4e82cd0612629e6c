import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, expectToast, signIn, waitForHydration } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/tests");
  await waitForHydration(page);
});

test("an admin adds a test, finds it, changes its price and deletes it", async ({ page }) => {
  const name = `Ferritin Check ${Date.now()}`;
  await page.getByRole("button", { name: "Add Test" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Why you need this test")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Test" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-describedby", /-name-error$/);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Price (AED)").fill("85.50");
  await dialog.getByLabel("Result time").fill("24-48 hours");
  await dialog.getByLabel("Specimen").fill("Serum");
  await dialog.getByRole("button", { name: "Create Test" }).click();
  await expectToast(page, "Test created");
  await expectToast(page, `${name} has been added successfully.`);

  await page.getByRole("search").getByLabel("Search tests").fill(name);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "AED 85.50" })).toBeVisible();

  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("dialog").getByLabel("Why you need this test")).toBeVisible();
  await page.getByRole("dialog").getByLabel("Price (AED)").fill("99");
  await page.getByRole("dialog").getByRole("button", { name: "Update Test" }).click();
  await expectToast(page, "Test updated");
  await expect(row.getByRole("cell", { name: "AED 99.00" })).toBeVisible();

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("dialog").getByText(`Are you sure you want to delete ${name}?`)).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Test deleted");
  await expect(page.getByText("No tests match your search criteria")).toBeVisible();
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/admin\/tests$/);
});

test("an admin imports tests from a CSV file", async ({ page }) => {
  const name = `Imported Zinc ${Date.now()}`;
  await page.getByLabel("Import tests file (CSV or JSON)").setInputFiles({
    name: "tests.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`name,price,specimen\n${name},42.00,Serum\n,10.00,Serum\n`),
  });
  await expectToast(page, "Import completed");
  await expectToast(page, "Processed 2 records: 1 inserted, 0 updated, 1 failed");
  await expectToast(page, "Row 2: Missing required fields (name or price)");
  await page.goto(`/admin/tests?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("row").filter({ hasText: name }).getByRole("cell", { name: "AED 42.00" })).toBeVisible();
});

test("an admin exports the catalogue as JSON", async ({ page }) => {
  await page.getByLabel("Export format").selectOption("json");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lab-tests-export-\d{4}-\d{2}-\d{2}\.json$/);
  await expectToast(page, "Export successful");
  await expectToast(page, /\d+ tests exported successfully as JSON\./);
});
