import { expect, type Page } from "@playwright/test";

export const DEMO_ADMIN = { email: "admin@labtesthub.ae", password: "LabAdmin#2026" };
export const DEMO_CUSTOMER = { email: "customer@labtesthub.ae", password: "Customer#2026" };

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Waits until React has hydrated, so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState("networkidle");
}

export async function signIn(page: Page, account: { email: string; password: string }, query = "") {
  await page.goto(`/auth?mode=sign-in${query ? `&${query}` : ""}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signUp(page: Page, email: string, password = "correct-horse-battery", query = "") {
  await page.goto(`/auth${query ? `?${query}` : ""}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}
