import { expect, test, type APIRequestContext } from "@playwright/test";
import { landsOnSite, OPEN_REDIRECT_PAYLOADS } from "../fakes/open-redirect-payloads";
import { csrfToken, signUp, uniqueEmail, waitForHydration } from "./helpers";

const RULE = "At least 10 characters and hard to guess: not a common password, no repeated or sequential characters, not your name or the site's.";

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

test("no redirect of the site leads to another site: the language switch and the e-mail links", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  for (const payload of OPEN_REDIRECT_PAYLOADS) {
    const targets = [
      `/language?${new URLSearchParams({ lang: "en", to: payload })}`,
      `/language?${new URLSearchParams({ lang: "ar", to: payload })}`,
      `/api/auth/verify-email?${new URLSearchParams({ token: "forged", callbackURL: payload })}`,
      `/api/auth/reset-password/forged?${new URLSearchParams({ callbackURL: payload })}`,
    ];
    for (const target of targets) {
      const response = await request.get(target, { maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      expect(landsOnSite(response.headers().location ?? null, origin), `${target} -> ${response.headers().location}`).toBe(true);
    }
  }
});

test("the sign-up form says why a password is too easy to guess, in English and in Arabic", async ({ page }) => {
  await signUp(page, uniqueEmail("repeated"), "aaaaaaaaaaaa");
  await expect(page.getByText("Repeated characters, like aaa, are easy to guess.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await page.goto("/ar/auth");
  await waitForHydration(page);
  await page.getByLabel("البريد الإلكتروني").fill(`sara.smith.${uniqueEmail("named")}`);
  await page.getByLabel("كلمة المرور").fill("SaraSmith2026!");
  await page.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page.getByText("لا تبنِ كلمة مرورك على اسمك أو عنوان بريدك الإلكتروني أو اسم الموقع.")).toBeVisible();
});

test("guesses at an account do not lock its owner out of a browser it signed in from before", async ({ playwright, baseURL }) => {
  const client = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const owner = await client();
  const attacker = await client();
  const account = { email: uniqueEmail("owner"), password: "kiwi-lantern-harbor-7" };
  expect((await owner.post("/auth", { form: { intent: "sign-up", ...account }, maxRedirects: 0 })).status()).toBe(302);
  const csrf = await csrfToken(owner);
  expect((await owner.post("/auth/sign-out", { form: { csrf }, maxRedirects: 0 })).status()).toBe(302);

  // Same address (127.0.0.1) for both: the address is blocked for the account, the owner's browser is not.
  const signIn = (context: APIRequestContext, password: string) =>
    context.post("/auth", { form: { intent: "sign-in", email: account.email, password }, maxRedirects: 0 });
  for (let i = 0; i < 5; i++) expect((await signIn(attacker, `guess-${i}`)).status()).toBe(400);
  expect((await signIn(attacker, account.password)).status()).toBe(429);

  const signedIn = await signIn(owner, account.password);
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers().location).toBe("/dashboard");
});
