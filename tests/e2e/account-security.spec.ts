import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail, waitForHydration } from "./helpers";

const RULE = "At least 10 characters, and not a commonly used password.";

test("the sign-up form shows the password rule and refuses a common password", async ({ page }) => {
  await page.goto("/auth");
  await waitForHydration(page);
  await expect(page.getByText(RULE)).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(RULE);

  await signUp(page, uniqueEmail("weak"), "password123");
  await expect(page.getByText("This password is too common. Please choose a less common one.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText(RULE)).toBeHidden();
});

test("the form that chooses a new password shows the rule", async ({ page }) => {
  await page.goto("/auth/reset-password?token=from-the-e-mail");
  await expect(page.getByLabel("New password")).toHaveAccessibleDescription(RULE);
});

test("better-auth's own sign-in endpoint is not reachable", async ({ request, baseURL }) => {
  const response = await request.post("/api/auth/sign-in/email", {
    headers: { Origin: baseURL! },
    data: { email: "customer@labtesthub.ae", password: "Customer#2026" },
  });
  expect(response.status()).toBe(404);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("a made-up X-Forwarded-For does not buy more sign-in attempts", async ({ request, baseURL }) => {
  const email = uniqueEmail("guessed");
  const attempt = (forwardedFor: string) =>
    request.post("/auth", {
      headers: { Origin: baseURL!, "X-Forwarded-For": forwardedFor },
      form: { intent: "sign-in", email, password: "not-the-password" },
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) expect((await attempt(`192.0.2.${i}`)).status()).toBe(400);
  expect((await attempt("192.0.2.99")).status()).toBe(429);
});
