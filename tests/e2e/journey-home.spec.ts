import { expect, test } from "@playwright/test";
import { expectToast, signUp, uniqueEmail, waitForHydration } from "./helpers";

test.describe("home collection that tells the truth (issue 26)", () => {
  test("an area and home collection chosen in the search: cards, the product page and its comparison show only the labs serving it, fee included", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/search?q=vitamin&area=Al+Mushrif&home=1");
    const card = page.getByTestId("test-card").first();
    await expect(card).toBeVisible();
    const name = (await card.getByRole("heading").innerText()).trim();
    await card.getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/area=Al(\+|%20)Mushrif/);
    await expect(page).toHaveURL(/home=1/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("area-notice")).toContainText("Labs that collect at home in Al Mushrif; prices include the home-collection fee.");
    const rows = page.getByTestId("lab-offer");
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) await expect(rows.nth(index)).toContainText(/incl\. home collection AED/);

    // "Show all labs" drops the area: every lab again, without the fee in the price.
    await page.getByRole("link", { name: "Show all labs" }).click();
    await expect(page).not.toHaveURL(/area=/);
    await expect(page.getByTestId("area-notice")).toHaveCount(0);
    expect(await page.getByTestId("lab-offer").count()).toBeGreaterThanOrEqual(count);
  });
});

test.describe("what the visit and the lab need (issue 26)", () => {
  test("saved patients and the home address are kept on the profile and prefilled next time", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signUp(page, uniqueEmail("journey-home"));
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto("/profile");
    await waitForHydration(page);

    const patients = page.getByRole("list", { name: "Saved patients" });
    const addForm = page.locator("details", { hasText: "Add a patient" });
    await addForm.getByLabel("Full name").fill("Omar Saeed");
    await addForm.getByLabel("Date of birth").fill("2018-06-01");
    await addForm.getByLabel("Sex").selectOption("male");
    await addForm.getByLabel("Emirates ID (optional)").fill("784-2018-123");
    await addForm.getByRole("button", { name: "Add patient" }).click();
    await expect(addForm.getByText("Please enter the Emirates ID as 784-YYYY-NNNNNNN-N")).toBeVisible();
    await addForm.getByLabel("Emirates ID (optional)").fill("784199012345676");
    await addForm.getByRole("button", { name: "Add patient" }).click();
    await expectToast(page, "Patient saved");
    await expect(patients.getByTestId("saved-patient")).toHaveCount(1);
    await expect(patients).toContainText("Omar Saeed");
    await expect(patients).toContainText("784-1990-1234567-6");

    await page.getByLabel("Area").fill("Al Mushrif");
    await page.getByLabel("Building").fill("Villa 12");
    await page.getByLabel("Flat or villa").fill("3");
    await page.getByLabel("Landmark").fill("Mushrif Mall");
    await page.getByLabel("Phone for the visit").fill("+971 50 123 4567");
    await page.getByRole("button", { name: "Save address" }).click();
    await expectToast(page, "Home collection address saved");

    await page.reload();
    await expect(page.getByLabel("Building")).toHaveValue("Villa 12");
    await expect(page.getByLabel("Area")).toHaveValue("Al Mushrif");
    await expect(page.getByLabel("Landmark")).toHaveValue("Mushrif Mall");
    await expect(page.getByRole("list", { name: "Saved patients" }).getByTestId("saved-patient")).toHaveCount(1);
  });
});
