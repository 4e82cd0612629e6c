import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_CUSTOMER, expectToast, signIn, signUp, uniqueEmail, waitForHydration } from "./helpers";

test("the home page arrives rendered from the server", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<h1");
  expect(html).toContain("LabTest Hub");
  expect(html).toContain('href="/search"');
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
});

test("an unknown address shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("health and readiness endpoints answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});

test("a visitor signs up, signs out and signs in again", async ({ page }) => {
  const email = uniqueEmail("signup");
  await signUp(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, "Account created successfully");
  await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();

  await signIn(page, { email, password: "correct-horse-battery" });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("signing up with an existing e-mail switches the form to sign in", async ({ page }) => {
  await signUp(page, DEMO_CUSTOMER.email, "whatever-password");
  await expectToast(page, "Account already exists");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("a wrong password shows the authentication error and signs nobody in", async ({ page }) => {
  await signIn(page, { email: DEMO_CUSTOMER.email, password: "not-the-password" });
  await expectToast(page, "Authentication error");
  await expect(page).toHaveURL(/\/auth/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard/);
});

test("a malformed e-mail and an empty password are refused with messages", async ({ page }) => {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("the redirect parameter is followed only for site paths", async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER, "redirect=%2Fabout");
  await expect(page).toHaveURL(/\/about$/);
  await page.context().clearCookies();

  await signIn(page, DEMO_CUSTOMER, `redirect=${encodeURIComponent("//evil.example")}`);
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
  await page.context().clearCookies();

  await signIn(page, DEMO_CUSTOMER, `redirect=${encodeURIComponent("https://evil.example")}`);
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test("an anonymous visit to the admin area lands on sign in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin/);
});

test("a customer visiting the admin area lands on the dashboard with Access Denied", async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, "Access Denied");
});

test("an admin signs in to the admin dashboard and sees the Admin link", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("link", { name: "Admin" })).toBeVisible();
  await expect(page.getByText("No recent activity to display.")).toBeVisible();
});

test("a garbage session cookie is treated as signed out", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "better-auth.session_token", value: "garbage.value", url: baseURL! }]);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
});

test("the mobile menu offers the same entries", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#mobile-menu");
  await expect(menu.getByRole("link", { name: "Tests" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "How It Works" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Contact" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Log In" })).toBeVisible();
});

test("the nav bar turns solid after scrolling", async ({ page }) => {
  await page.goto("/faqs");
  await waitForHydration(page);
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-solid", "true");
});

for (const path of ["/auth", "/about", "/faqs", "/terms", "/no-such-page"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
