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
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "Why you need this test", exact: true })).toBeVisible();
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

test("an admin writes a test's description in the editor: a list from its toolbar, Arabic right to left, and the product page shows them", async ({ page }) => {
  const name = `Iron Studies ${Date.now()}`;
  await page.getByRole("button", { name: "Add Test" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Price (AED)").fill("120");
  // The editor replaces the HTML text area once its chunk has loaded (its toolbar shows it).
  const toolbar = dialog.getByRole("toolbar", { name: "Description: formatting" });
  await expect(toolbar).toBeVisible();
  await expect(dialog.getByRole("toolbar", { name: "الوصف: formatting" })).toBeVisible();
  const description = dialog.getByRole("textbox", { name: "Description", exact: true });
  await description.click();
  // Each step waits for what the admin would see before the next keystrokes, as a person does.
  await page.keyboard.type("Checks your iron stores.");
  await expect(description).toContainText("Checks your iron stores.");
  await page.keyboard.press("Enter");
  await expect(description.locator("p")).toHaveCount(2);
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await expect(description.locator("ul li")).toHaveCount(1);
  await page.keyboard.type("Ferritin");
  await expect(description.locator("ul li")).toContainText("Ferritin");
  await page.keyboard.press("Enter");
  await expect(description.locator("ul li")).toHaveCount(2);
  await page.keyboard.type("Transferrin");
  await expect(description.locator("ul li").last()).toContainText("Transferrin");
  const arabic = dialog.getByRole("textbox", { name: "الوصف", exact: true });
  await expect(arabic).toHaveAttribute("dir", "rtl");
  await arabic.click();
  await page.keyboard.type("يقيس مخزون الحديد.");
  // The raw HTML behind the toggle is what the editor made.
  await dialog.getByRole("checkbox", { name: "Edit HTML: Description" }).check();
  await expect(dialog.locator("textarea#test-new-description, textarea[name=description]")).toHaveValue(
    "<p>Checks your iron stores.</p><ul><li><p>Ferritin</p></li><li><p>Transferrin</p></li></ul>",
  );
  await dialog.getByRole("button", { name: "Create Test" }).click();
  await expectToast(page, "Test created");

  await page.goto(`/product/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`);
  const about = page.getByRole("main");
  await expect(about.getByRole("listitem").filter({ hasText: "Transferrin" })).toBeVisible();
  await expect(about.getByText("Checks your iron stores.").first()).toBeVisible();
});

test("text typed into the editor without a pause, across paragraphs, arrives whole", async ({ page }) => {
  await page.getByRole("button", { name: "Add Test" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("toolbar", { name: "Description: formatting" })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Description", exact: true }).click();
  const sentences = ["Fasting for ten to twelve hours is needed before this test.", "Water is allowed.", "Take your usual medicines unless your doctor says otherwise."];
  // As a fast typist on a busy machine: each change re-renders the form while keys keep coming.
  for (const [index, sentence] of sentences.entries()) {
    if (index > 0) await page.keyboard.press("Enter");
    await page.keyboard.type(sentence);
  }
  await dialog.getByRole("checkbox", { name: "Edit HTML: Description" }).check();
  await expect(dialog.locator("textarea[name=description]")).toHaveValue(sentences.map((sentence) => `<p>${sentence}</p>`).join(""));
});
