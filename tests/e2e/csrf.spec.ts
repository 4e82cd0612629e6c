// Anti-CSRF tokens (app/utils/csrf.server.ts): every form a signed-in browser posts carries its
// session's token; without it, or with another session's, the post is refused with 403 and changes nothing.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { csrfToken, DEMO_ADMIN, signUp, uniqueEmail, waitForHydration } from "./helpers";

const EXPIRED = "This form has expired. Please reload the page and try again.";

async function signedUpCustomer(newContext: () => Promise<APIRequestContext>) {
  const context = await newContext();
  const signedUp = await context.post("/auth", { form: { intent: "sign-up", email: uniqueEmail("csrf-token"), password: "correct-horse-battery" }, maxRedirects: 0 });
  expect(signedUp.status()).toBe(302);
  return context;
}

test("a signed-in form post needs its own session's token", async ({ playwright, baseURL }) => {
  // The site's own Origin: the cross-site check lets these through, so the token alone decides.
  const newContext = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const customer = await signedUpCustomer(newContext);
  const other = await signedUpCustomer(newContext);
  const token = await csrfToken(customer, "/profile");
  expect(await csrfToken(customer, "/dashboard")).toBe(token);
  const otherToken = await csrfToken(other, "/profile");
  expect(otherToken).not.toBe(token);

  const profile = (firstName: string) => ({ firstName, lastName: "Token", phone: "+971 50 000 0000" });
  const post = (fields: Record<string, string>) => customer.post("/profile", { form: fields, maxRedirects: 0 });

  const missing = await post(profile("Missing"));
  expect(missing.status()).toBe(403);
  expect(await missing.text()).toContain(EXPIRED);
  const garbled = await post({ ...profile("Garbled"), csrf: `${token}x` });
  expect(garbled.status()).toBe(403);
  const replayed = await post({ ...profile("Replayed"), csrf: otherToken });
  expect(replayed.status()).toBe(403);
  const unchanged = await (await customer.get("/profile")).text();
  for (const name of ["Missing", "Garbled", "Replayed"]) expect(unchanged).not.toContain(name);

  const own = await post({ ...profile("Tokened"), csrf: token });
  expect(own.status()).toBeLessThan(400);
  expect(await (await customer.get("/profile")).text()).toContain("Tokened");

  // A visitor's pages carry no token (they may be cached and served to anyone).
  const visitor = await newContext();
  for (const path of ["/", "/auth", "/search"]) expect(await (await visitor.get(path)).text()).not.toContain('name="csrf"');

  // An admin action too: no category is created without the token.
  const admin = await newContext();
  expect((await admin.post("/auth", { form: { intent: "sign-in", ...DEMO_ADMIN }, maxRedirects: 0 })).status()).toBe(302);
  const category = `CSRF category ${Date.now()}`;
  const create = (extra: Record<string, string>) => admin.post("/admin/categories", { form: { name: category, description: "Token test", icon: "none", ...extra }, maxRedirects: 0 });
  expect((await create({})).status()).toBe(403);
  expect((await create({ csrf: token })).status()).toBe(403);
  // The list's cell, not the search box that repeats the query.
  const listed = () => admin.get(`/admin/categories?q=${encodeURIComponent(category)}`).then(async (response) => (await response.text()).includes(`>${category}<`));
  expect(await listed()).toBe(false);
  expect((await create({ csrf: await csrfToken(admin, "/admin/categories") })).status()).toBe(200);
  expect(await listed()).toBe(true);

  await Promise.all([customer.dispose(), other.dispose(), visitor.dispose(), admin.dispose()]);
});

test("a form left open from an earlier session says it expired", async ({ page }) => {
  await signUp(page, uniqueEmail("csrf-page"));
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/profile");
  await waitForHydration(page);
  // As if the page had been rendered for an earlier session (the profile form's token: the page also has the patients' and address forms).
  const profileForm = page.locator("form", { has: page.getByRole("button", { name: "Save Changes" }) });
  await profileForm.locator('input[name="csrf"]').evaluate((input: HTMLInputElement) => (input.value = "stale-token-of-an-earlier-session"));
  await page.getByLabel("First Name").fill("Stale");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(EXPIRED)).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByLabel("First Name")).not.toHaveValue("Stale");
  await waitForHydration(page);
  await page.getByLabel("First Name").fill("Fresh");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  await expect(page.getByLabel("First Name")).toHaveValue("Fresh");
});
