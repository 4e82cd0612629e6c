import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TZDate } from "@date-fns/tz";
import { expect, test, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { expectToast, uniqueEmail, waitForHydration } from "./helpers";

// The configured server (playwright.config.ts) has SITE_URL=http://localhost:PORT. A cookie
// belongs to one host, so a customer who signs in on 127.0.0.1 and comes back from the payment
// page to another address arrives signed out: the site must keep everyone on one address.

const port = Number(process.env.E2E_PORT);
const product = { name: seedTests[6].name, slug: slugify(seedTests[6].name) };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Creates an account at `origin`, pays a one-test cart by card on the demo provider, and checks the customer is still signed in. */
async function signUpAndPayByCard(page: Page, origin: string) {
  const email = uniqueEmail("site");
  await page.goto(`${origin}/auth`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);

  await page.goto(`${origin}/product/${product.slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: new RegExp(`^Add to Cart\\W*${escapeRegExp(product.name)}$`) }).click();
  await expectToast(page, "Added to cart");

  await page.goto(`${origin}/checkout?step=details`);
  await waitForHydration(page);
  await page.getByLabel("Patient Name").fill("Layla Haddad");
  const today = new TZDate(Date.now(), "Asia/Dubai");
  const tomorrow = addDays(today, 1);
  await page.getByLabel("Preferred Date").click();
  if (tomorrow.getMonth() !== today.getMonth()) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(format(tomorrow, "PPPP")) }).click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(origin)}/demo-checkout/demo_cs_`));
  await page.getByRole("button", { name: /^Pay AED/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(origin)}/payment-success\\?success=true`));
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await page.goto(`${origin}/dashboard`);
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await expect(page.getByTestId("order-row").first()).toContainText("paid");
}

test.describe("with SITE_URL configured", () => {
  test("pages on another host are sent to the site address; health checks and static files are not", async ({ request }) => {
    const elsewhere = `http://127.0.0.1:${port}`;
    const page = await request.get(`${elsewhere}/search?q=vitamin&page=2`, { maxRedirects: 0 });
    expect(page.status()).toBe(301);
    expect(page.headers().location).toBe(`http://localhost:${port}/search?q=vitamin&page=2`);

    for (const path of ["/healthz", "/readyz", "/favicon.svg"]) {
      expect((await request.get(`${elsewhere}${path}`, { maxRedirects: 0 })).status(), path).toBe(200);
    }
    const html = await (await request.get("/")).text();
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect((await request.get(`${elsewhere}${script}`, { maxRedirects: 0 })).status()).toBe(200);
  });

  test("a customer who starts on 127.0.0.1 pays by card and comes back signed in", async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/auth?mode=sign-in`);
    await expect(page).toHaveURL(`http://localhost:${port}/auth?mode=sign-in`);
    await signUpAndPayByCard(page, `http://localhost:${port}`);
  });
});

test.describe("without SITE_URL", () => {
  test.describe.configure({ mode: "serial" });
  let server: ChildProcess | undefined;
  let dataDir: string;
  const ownPort = port + 1000;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(join(tmpdir(), "labtest-e2e-nosite-"));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(ownPort), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    delete env.SITE_URL;
    server = spawn(process.execPath, ["server/index.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
    const deadline = Date.now() + 110_000;
    while (Date.now() < deadline) {
      const ready = await fetch(`http://127.0.0.1:${ownPort}/readyz`).then((res) => res.ok, () => false);
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error("the server without SITE_URL did not start");
  });

  test.afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const host of ["127.0.0.1", "localhost"]) {
    test(`a customer on ${host} stays there through a card payment`, async ({ page }) => {
      const origin = `http://${host}:${ownPort}`;
      await page.goto(`${origin}/search`);
      await expect(page).toHaveURL(`${origin}/search`);
      await signUpAndPayByCard(page, origin);
    });
  }
});
