import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { csrfToken, DEMO_ADMIN, DEMO_CUSTOMER, expectToast, signIn, uniqueEmail, waitForHydration } from "./helpers";

const directive = (response: APIResponse, name: string) =>
  response.headers()["content-security-policy"]?.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

async function expectNeverStored(page: Page, paths: string[]) {
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
    expect(response.headers()["x-page-cache"], path).not.toBe("hit");
  }
}

test("pages rendered for a signed-in customer are never stored, public ones included", async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The .data address is what a client-side navigation fetches.
  await expectNeverStored(page, ["/dashboard", "/profile", "/cart", "/checkout", "/", "/about", "/dashboard.data"]);
});

test("admin pages are never stored", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectNeverStored(page, ["/admin/dashboard", "/admin/webhooks", "/admin/bookings"]);
});

test("a visitor's public page may be cached, and its policy admits no analytics host", async ({ request }) => {
  const response = await request.get("/about");
  expect(response.headers()["cache-control"] ?? "").not.toContain("no-store");
  const html = await response.text();
  expect(html).not.toContain("googletagmanager.com/gtag");
  const nonce = /'nonce-([^']+)'/.exec(directive(response, "script-src"))?.[1];
  expect(html).toContain(`nonce="${nonce}"`);
  expect(directive(response, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}'`);
  expect(directive(response, "connect-src")).toBe("connect-src 'self'");
});

test("with an analytics ID the policy admits the analytics hosts, and not once it is removed", async ({ page, request }) => {
  async function saveAnalyticsId(id: string) {
    await page.goto("/admin/seo");
    await waitForHydration(page);
    await page.getByLabel("Analytics ID").fill(id);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "SEO settings updated");
  }
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Retried as a whole: another journey saving the SEO settings at the same moment may undo ours.
  try {
    await expect(async () => {
      await saveAnalyticsId("G-E2ECSP123");
      const response = await request.get("/about");
      const nonce = /'nonce-([^']+)'/.exec(directive(response, "script-src"))?.[1];
      expect(await response.text()).toContain("googletagmanager.com/gtag/js?id=G-E2ECSP123");
      expect(directive(response, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' https://www.googletagmanager.com`);
      expect(directive(response, "connect-src")).toContain("https://*.google-analytics.com");
      // Served again from the page cache, with the same policy and a fresh nonce.
      const again = await request.get("/about");
      expect(directive(again, "script-src")).toContain("https://www.googletagmanager.com");
      expect(directive(again, "script-src")).not.toContain(nonce);
    }).toPass({ timeout: 45_000 });
  } finally {
    await expect(async () => {
      await saveAnalyticsId("");
      const response = await request.get("/about");
      expect(directive(response, "script-src")).not.toContain("googletagmanager");
      expect(directive(response, "connect-src")).toBe("connect-src 'self'");
    }).toPass({ timeout: 45_000 });
  }
});

/** A GET whose body is kept as sent (not decoded), with its headers. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("a page's scripts and style sheet are kept for a year and arrive compressed as the browser takes them, the same files", async ({ request, baseURL }) => {
  const html = await (await request.get("/search?q=vitamin")).text();
  const files = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]))];
  expect(files.some((file) => file.endsWith(".css"))).toBe(true);
  expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(5);
  for (const file of files) {
    const plain = await rawGet(baseURL + file, "identity");
    expect(plain.headers["content-encoding"], file).toBeUndefined();
    expect(plain.headers["cache-control"], file).toBe("public, max-age=31536000, immutable");
    const browser = await rawGet(baseURL + file, "gzip, deflate, br, zstd");
    const gzipOnly = await rawGet(baseURL + file, "gzip");
    expect(browser.headers.vary, file).toContain("Accept-Encoding");
    expect(browser.headers["cache-control"], file).toBe("public, max-age=31536000, immutable");
    if (plain.body.byteLength < 1024) continue;
    expect(browser.headers["content-encoding"], file).toBe("br");
    expect(gzipOnly.headers["content-encoding"], file).toBe("gzip");
    // Compressed at build time, so sent whole with its length (compressed per request, it was streamed without one).
    expect(Number(browser.headers["content-length"]), file).toBe(browser.body.byteLength);
    expect(Number(gzipOnly.headers["content-length"]), file).toBe(gzipOnly.body.byteLength);
    expect(brotliDecompressSync(browser.body).equals(plain.body), file).toBe(true);
    expect(gunzipSync(gzipOnly.body).equals(plain.body), file).toBe(true);
    expect(browser.body.byteLength, file).toBeLessThan(plain.body.byteLength / 2);
  }
});

// Findings of `npm run scan` (docs/security-scan.md).
test("TRACE is refused with 405, never answered with a server error or an echo of the request", async ({ request }) => {
  for (const path of ["/", "/about", "/dashboard", "/api/cart"]) {
    const response = await request.fetch(path, { method: "TRACE", headers: { cookie: "better-auth.session_token=secret" }, maxRedirects: 0 });
    expect(response.status(), path).toBe(405);
    expect(response.headers()["allow"], path).toBe("GET, HEAD, POST");
    expect(await response.text(), path).not.toContain("secret");
  }
});

test("a body refused as too large is answered at once, and its kept-alive connection serves the next request", async ({ baseURL }) => {
  // One connection, reused: a refused body left unread used to stall it until the server timed it out.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = Buffer.alloc(3 * 1024 * 1024, "x");
  const send = (path: string, method = "POST") =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(new URL(path, baseURL), { method, agent, headers: method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length, Origin: baseURL! } : {} }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.setTimeout(10_000, () => request.destroy(new Error(`${method} ${path} got no answer within 10 s`)));
      request.on("error", reject);
      request.end(method === "POST" ? body : undefined);
    });
  for (const path of ["/auth", "/auth/forgot-password", "/auth"]) expect(await send(path), path).toBe(413);
  expect(await send("/healthz", "GET")).toBe(200);
  agent.destroy();
});

test("the session cookie stays on this site, and a form another site posts with it is refused and changes nothing", async ({ playwright, baseURL }) => {
  const customer = await playwright.request.newContext({ baseURL });
  const signedUp = await customer.post("/auth", {
    form: { intent: "sign-up", email: uniqueEmail("csrf"), password: "correct-horse-battery" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(302);
  const session = signedUp.headersArray().find(({ name, value }) => name.toLowerCase() === "set-cookie" && value.startsWith("better-auth.session_token="));
  expect(session?.value).toMatch(/; HttpOnly/i);
  expect(session?.value).toMatch(/; SameSite=Lax/i);

  const profile = { firstName: "Forged", lastName: "Name", phone: "+971 50 000 0000" };
  const forged = await customer.post("/profile", { form: profile, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toBe("This request came from another site and was refused.");
  expect(await (await customer.get("/profile")).text()).not.toContain("Forged");

  const own = await customer.post("/profile", { form: { ...profile, csrf: await csrfToken(customer, "/profile") }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(own.status()).toBeLessThan(400);
  expect(await (await customer.get("/profile")).text()).toContain("Forged");
  await customer.dispose();
});
