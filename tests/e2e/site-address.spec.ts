import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TZDate } from "@date-fns/tz";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { seedTests } from "../../app/seed/seed-data";
import { slugify } from "../../app/utils/slug";
import { DEMO_ADMIN, expectToast, signIn, uniqueEmail, waitForHydration } from "./helpers";

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

/** A raw HTTP request (a form post, or a GET without `form`), so the Host header and the request-target can be whatever an attacker writes. */
function rawRequest(port: number, target: string, headers: Record<string, string>, form?: Record<string, string>) {
  const body = form ? new URLSearchParams(form).toString() : "";
  const formHeaders = form ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) } : {};
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path: target, method: form ? "POST" : "GET", headers: { ...headers, ...formHeaders } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The three ways a request names its host: the Host header, X-Forwarded-Host (TRUST_PROXY is unset) and an absolute request-target. */
const FORGED_HOSTS = [
  { form: "Host header", target: "/auth/forgot-password", headers: () => ({ Host: "evil.example", Origin: "http://evil.example" }), refused: true },
  {
    form: "X-Forwarded-Host",
    target: "/auth/forgot-password",
    headers: (host: string) => ({ Host: host, "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http", Origin: `http://${host}` }),
    refused: false,
  },
  { form: "absolute request-target", target: "http://evil.example/auth/forgot-password", headers: (host: string) => ({ Host: host, Origin: `http://${host}` }), refused: true },
];

/**
 * A customer's account is taken over when a reset link mailed to them points at the attacker's
 * host: for each form of forged host, asks for a reset of a new account's password that way, then
 * the proper way, and reads every message the account got in the outbox (as the demo admin).
 */
async function forgedResetLinks(browser: Browser, siteOrigin: string, { configured }: { configured: boolean }) {
  const { host, port } = new URL(siteOrigin);
  const admin = await browser.newContext({ baseURL: siteOrigin });
  const adminPage = await admin.newPage();
  await signIn(adminPage, DEMO_ADMIN);
  await expect(adminPage).toHaveURL(/\/admin/);
  for (const forged of FORGED_HOSTS) {
    const email = uniqueEmail("reset-host");
    const signedUp = await fetch(`${siteOrigin}/auth`, {
      method: "POST",
      headers: { Origin: siteOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-up", email, password: "correct-horse-battery" }),
      redirect: "manual",
    });
    expect(signedUp.status).toBe(302);
    // With a site URL, a forwarded host other than its own is refused too (it is what a proxy states).
    const refused = forged.refused || configured;
    const status = await rawRequest(Number(port), forged.target, forged.headers(host), { email });
    // The customer's own request, from the site's page. While a link mailed to the address is valid, asking
    // again sends nothing (decision 0024): the inbox holds one link, the forged request's when it was
    // accepted, else the customer's own; either way it points at the site.
    const own = await fetch(`${siteOrigin}/auth/forgot-password`, {
      method: "POST",
      headers: { Origin: siteOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }),
    });
    expect(own.status).toBe(200);
    let texts: string[] = [];
    await expect
      .poll(
        async () => {
          await adminPage.goto(`/admin/outbox?to=${encodeURIComponent(email)}`);
          const ids = await adminPage.locator('a[data-kind="account"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("/").at(-1)!));
          texts = [];
          for (const id of ids) {
            // Account messages are plain text (no HTML part).
            await adminPage.goto(`/admin/outbox/${id}`);
            texts.push((await adminPage.getByTestId("message-text").textContent()) ?? "");
            // Nowhere in the page, its data for hydration included.
            expect(await adminPage.content()).not.toMatch(/reset-password\/\w|verify-email\?token/);
          }
          texts = texts.filter((text) => text.includes("reset the password"));
          return texts.length;
        },
        { timeout: 20_000, message: `the reset e-mails of the ${forged.form} case` },
      )
      .toBeGreaterThanOrEqual(1);
    expect(texts.length, forged.form).toBe(1);
    for (const text of texts) {
      expect(text, forged.form).not.toContain("evil.example");
      // The server runs in production: the outbox shows where the link led, never the link.
      expect(text, forged.form).toContain(`\n${siteOrigin}/[link hidden]\n`);
      expect(text, forged.form).not.toMatch(/reset-password\/\w|token=/);
    }
    expect(status, forged.form).toBe(refused ? 400 : 200);
  }
  await admin.close();
}

test.describe("with SITE_URL configured", () => {
  test("a reset link never points at a host the request named: Host, X-Forwarded-Host, absolute request-target", async ({ browser, baseURL }) => {
    await forgedResetLinks(browser, baseURL!, { configured: true });
  });

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
  let ownPort: number;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A port the system says is free (a fixed offset from E2E_PORT could land on PostgreSQL's 5432).
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    ownPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
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

  test("a request on a host outside the allow-list is refused, and a reset link never points at a host the request named", async ({ browser }) => {
    expect(await rawRequest(ownPort, "/search", { Host: "evil.example" })).toBe(400);
    expect(await rawRequest(ownPort, "/search", { Host: `localhost:${ownPort}` })).toBe(200);
    await forgedResetLinks(browser, `http://127.0.0.1:${ownPort}`, { configured: false });
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
