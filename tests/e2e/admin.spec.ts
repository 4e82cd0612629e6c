import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, expectToast, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("the admin sidebar reaches every back-office screen", async ({ page }) => {
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  for (const name of ["Dashboard", "Tests", "Labs", "Categories", "Search", "Users", "Bookings", "Blog Posts", "SEO", "Webhooks"]) {
    await expect(sidebar.getByRole("link", { name })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Partner Labs" })).toBeVisible();
});

test("an admin adds, renames and deletes a category", async ({ page }) => {
  const name = `Sports Medicine ${Date.now()}`;
  await page.goto("/admin/categories");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Category" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("Tests for athletes.");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Category created");
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(`${name} Plus`);
  await page.getByRole("dialog").getByRole("button", { name: "Update Category" }).click();
  await expectToast(page, "Category updated");

  await page.getByRole("button", { name: `Delete ${name} Plus` }).click();
  await expect(page.getByRole("dialog").getByText(`Are you sure you want to delete ${name} Plus?`)).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Category deleted");
  await expect(page.getByRole("cell", { name: `${name} Plus`, exact: true })).toHaveCount(0);
});

// The delete answers are shown as they arrive (toastOnArrival): their refusals must reach the admin too.
test("a delete from a stale tab or with a stale form is refused with a message and deletes nothing more", async ({ page, context }) => {
  const name = `Travel Medicine ${Date.now()}`;
  await page.goto("/admin/categories");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Category created");

  // A second tab still lists the category after the first deleted it.
  const stale = await context.newPage();
  await stale.goto("/admin/categories");
  await waitForHydration(stale);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Category deleted");
  await stale.getByRole("button", { name: `Delete ${name}` }).click();
  await stale.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(stale, "Error deleting category");
  await expect(stale.locator("[data-sonner-toast]").filter({ hasText: "This category no longer exists." })).toHaveCount(1);
  await stale.close();

  // A form rendered for an earlier session is refused and the category stays.
  const kept = `${name} Kept`;
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(kept);
  await page.getByRole("dialog").getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Category created");
  await page.getByRole("button", { name: `Delete ${kept}` }).click();
  await page.getByRole("dialog").locator('input[name="csrf"]').evaluate((input: HTMLInputElement) => (input.value = "stale-token-of-an-earlier-session"));
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("This form has expired. Please reload the page and try again.")).toBeVisible();
  await page.goto("/admin/categories");
  await expect(page.getByRole("cell", { name: kept, exact: true })).toBeVisible();
});

test("a lab with a malformed e-mail is refused, then saved and marked inactive", async ({ page }) => {
  const name = `Yas Island Diagnostics ${Date.now()}`;
  await page.goto("/admin/labs");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Lab" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Contact email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Create Lab" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await dialog.getByLabel("Contact email").fill("info@yasdiagnostics.ae");
  await dialog.getByLabel("Active").uncheck();
  await dialog.getByRole("button", { name: "Create Lab" }).click();
  await expectToast(page, "Lab created");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Inactive")).toBeVisible();
});

test("an admin grants and removes admin rights", async ({ page, browser }) => {
  const email = uniqueEmail("staff");
  const other = await browser.newPage();
  await signUp(other, email);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.close();

  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await expect(page.getByRole("cell", { name: /User ID: / })).toBeVisible();
  await page.getByRole("button", { name: "Make Admin" }).click();
  await expectToast(page, "Admin privileges granted");
  await expect(page.getByRole("button", { name: "Remove Admin" })).toBeVisible();
  await page.getByRole("button", { name: "Remove Admin" }).click();
  await expectToast(page, "Admin privileges removed");
});

test("an admin writes, publishes, reads and deletes a blog post", async ({ page }) => {
  const title = `Ramadan and Blood Tests ${Date.now()}`;
  // The spec's editor takes "new" as the post id for create mode too.
  await page.goto("/admin/blog-posts/edit/new");
  await expect(page.getByRole("heading", { name: "Create Blog Post" })).toBeVisible();
  await page.goto("/admin/blog-posts");
  await page.getByRole("link", { name: "New Post" }).click();
  await expect(page.getByRole("heading", { name: "Create Blog Post" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();

  await page.getByLabel("Title").fill(title);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Excerpt").fill("How fasting affects common tests.");
  // The content in the editor: bold from its toolbar.
  const bold = page.getByRole("toolbar", { name: "Content: formatting" }).getByRole("button", { name: "Bold" });
  await expect(bold).toBeVisible();
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await page.keyboard.type("Book your fasting tests ");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await expect(content).toBeFocused();
  await page.keyboard.type("before iftar");
  await bold.click();
  await expect(content).toBeFocused();
  await page.keyboard.type(".");
  // The Arabic content as raw HTML, behind the toggle.
  await page.getByRole("checkbox", { name: "Edit HTML: المحتوى" }).check();
  await page.locator("textarea#post-contentAr").fill("<h2>قبل الإفطار</h2><p>احجز فحوصات الصيام.</p>");
  await page.getByLabel("Author").fill("LabTest Hub Team");
  await page.getByLabel("Category").fill("Preparation");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog-posts$/);
  await expectToast(page, "Post created");

  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Draft")).toBeVisible();
  await row.getByRole("button", { name: `Publish ${title}` }).click();
  await expectToast(page, "Post published");
  await expect(row.getByText("Published")).toBeVisible();

  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/blog/${slug}`);
  await expect(publicPage.getByRole("heading", { name: title })).toBeVisible();
  await expect(publicPage.getByRole("main").locator("strong", { hasText: "before iftar" })).toBeVisible();
  await publicPage.goto(`/ar/blog/${slug}`);
  await expect(publicPage.getByRole("heading", { name: "قبل الإفطار", level: 2 })).toBeVisible();
  await publicPage.close();

  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Post deleted");
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});

test("an admin confirms a booking from the bookings list", async ({ page }) => {
  await page.goto("/admin/bookings");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
  await expect(page.getByText("Manage and track all test bookings")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Aisha Al Mansoori" }).filter({ hasText: /pending|confirmed/ }).first();
  await row.getByRole("button", { name: /Change status/ }).click();
  await page.getByRole("menuitem", { name: "Mark as Confirmed" }).click();
  await expectToast(page, "Status updated");
  await expect(page.getByText("Booking status has been updated to confirmed")).toBeVisible();
});

test("an admin saves site SEO settings and generates missing page SEO", async ({ page }) => {
  await page.goto("/admin/seo");
  await waitForHydration(page);
  await page.getByLabel("Site URL").fill("not a url");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Please enter a valid URL")).toBeVisible();
  await page.getByLabel("Site URL").fill("");
  await page.getByLabel("Twitter site").fill("@labtesthub");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "SEO settings updated");

  await page.getByRole("link", { name: "Pages (Auto)" }).click();
  await page.getByRole("link", { name: "Missing" }).click();
  await expect(page).toHaveURL(/filter=missing/);
  await page.getByRole("button", { name: "Generate for missing" }).click();
  await expectToast(page, /Completed|Nothing to do/);
});

test("an admin adds a webhook, sends a test event and deletes it", async ({ page }) => {
  const { createServer } = await import("node:http");
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as { port: number }).port;
  const name = `CRM ${Date.now()}`;
  try {
    await page.goto("/admin/webhooks");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add Webhook" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("URL").fill(`http://127.0.0.1:${port}/hook`);
    await dialog.getByLabel("Headers (JSON)").fill("{oops");
    await dialog.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Invalid JSON format for headers");
    await dialog.getByLabel("Headers (JSON)").fill('{"X-Source": "labtesthub"}');
    await dialog.getByRole("button", { name: "Create Webhook" }).click();
    await expectToast(page, "Webhook created successfully");

    await page.getByRole("button", { name: `Send a test event to ${name}` }).click();
    await expectToast(page, "Test webhook sent successfully");
    expect(JSON.parse(received[0])).toMatchObject({ type: "booking_created", data: { test_mode: true } });

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(page.getByRole("dialog").getByText("Are you sure you want to delete this webhook?")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Webhook deleted successfully");
  } finally {
    receiver.close();
  }
});
