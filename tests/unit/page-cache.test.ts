import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeOfWrite, changesPublicPages, createPageCache } from "../../server/page-cache";

let closeServer: (() => void) | undefined;
afterEach(() => {
  closeServer?.();
  vi.restoreAllMocks();
});

/** /labs renders only when the test says so, and says when it began. */
let labsRender: { began: () => void; finish: Promise<void> } | undefined;

/** An app whose pages say how often they were rendered and with which nonce. */
async function serve(ttlSeconds: number, feed: { subscribe?: (clear: () => void) => void; publish?: (change: "catalog" | "pages") => void } = {}) {
  let renders = 0;
  let nonceCounter = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = `nonce${++nonceCounter}`;
    // As server/index.js: the policy without analytics, which a page loading analytics widens.
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use(createPageCache({ ttlSeconds, maxEntries: 2, ...feed }));
  app.get(["/", "/search", "/product/:slug", "/dashboard"], (_req, res) => {
    renders++;
    res.type("html");
    res.write(`<script nonce="${res.locals.nonce}">`);
    res.end(`render ${renders}</script>`);
  });
  app.get("/blog/:slug", (_req, res) => res.status(404).type("html").end(`missing ${++renders}`));
  app.get(["/ar", "/ar/search", "/ar/product/:slug", "/ar/labs", "/ar/cart", "/ar/dashboard"], (req, res) => res.type("html").end(`arabic ${req.path} ${++renders}`));
  app.get("/about", async (_req, res) => {
    const n = ++renders;
    await new Promise((resolve) => setTimeout(resolve, 50));
    res.type("html").end(`slow render ${n} <b nonce="${res.locals.nonce}">`);
  });
  app.get("/labs", async (_req, res) => {
    const n = ++renders;
    labsRender?.began();
    await labsRender?.finish;
    res.type("html").end(`labs ${n}`);
  });
  app.get("/category/:id", async (_req, res) => {
    const n = ++renders;
    await new Promise((resolve) => setTimeout(resolve, 50));
    res.status(404).type("html").end(`slow missing ${n}`);
  });
  app.get("/resources", (_req, res) => {
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.nonce}' https://www.googletagmanager.com`);
    res.type("html").end(`with analytics ${++renders}`);
  });
  app.get("/faqs", (req, res) => {
    // What the root loader does for a signed-in user, however the session arrived.
    if (req.headers["x-signed-in"]) res.setHeader("Cache-Control", "private, no-store");
    res.type("html").end(`faqs ${++renders}${req.headers["x-signed-in"] ? " for a member" : ""}`);
  });
  app.post("/admin/tests", (_req, res) => res.status(204).end());
  app.post(["/api/cart", "/profile", "/checkout"], (_req, res) => res.status(200).end());
  app.post("/auth", (_req, res) => res.status(400).end());
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, init?: RequestInit) => fetch(base + path, init);
}

describe("anonymous page cache", () => {
  it("serves a public page again without rendering it, with the new response's own nonce", async () => {
    const get = await serve(10);
    const first = await get("/search?q=iron");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toBe('<script nonce="nonce1">render 1</script>');
    const second = await get("/search?q=iron");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toContain("text/html");
    expect(await second.text()).toBe('<script nonce="nonce2">render 1</script>');
    expect(await (await get("/search?q=zinc")).text()).toContain("render 2");
  });

  it("caches the Arabic pages under /ar as it does the English ones, each language apart", async () => {
    const get = await serve(10);
    for (const path of ["/ar", "/ar/search?q=%D8%A7%D9%84%D8%AD%D8%AF%D9%8A%D8%AF", "/ar/product/lipid-profile", "/ar/labs"]) {
      expect((await get(path)).headers.get("x-page-cache"), path).toBe("miss");
      expect((await get(path)).headers.get("x-page-cache"), path).toBe("hit");
    }
    expect((await get("/search?q=%D8%A7%D9%84%D8%AD%D8%AF%D9%8A%D8%AF")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/ar/cart")).headers.get("x-page-cache")).toBeNull();
    expect((await get("/ar/dashboard")).headers.get("x-page-cache")).toBeNull();
    expect(changesPublicPages("/ar/cart")).toBe(false);
  });

  it("renders the page again once it is older than the configured seconds", async () => {
    const get = await serve(10);
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    await get("/");
    clock.mockReturnValue(now + 9_000);
    expect(await (await get("/")).text()).toContain("render 1");
    clock.mockReturnValue(now + 10_001);
    expect(await (await get("/")).text()).toContain("render 2");
  });

  it("renders afresh for signed-in visitors, a pending toast and private pages", async () => {
    const get = await serve(10);
    await get("/");
    const signedIn = await get("/", { headers: { cookie: "theme=dark; better-auth.session_token=abc" } });
    expect(await signedIn.text()).toContain("render 2");
    expect(await (await get("/", { headers: { cookie: "toast=xyz" } })).text()).toContain("render 3");
    expect(await (await get("/", { headers: { cookie: "theme=dark" } })).text()).toContain("render 1");
    await get("/dashboard");
    expect(await (await get("/dashboard")).text()).toContain("render 5");
  });

  it("serves a kept page with the policy it was rendered with, carrying the new nonce", async () => {
    const get = await serve(10);
    const first = await get("/resources");
    expect(first.headers.get("content-security-policy")).toBe("script-src 'self' 'nonce-nonce1' https://www.googletagmanager.com");
    const second = await get("/resources");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self' 'nonce-nonce2' https://www.googletagmanager.com");
    await get("/");
    expect((await get("/")).headers.get("content-security-policy")).toBe("script-src 'self' 'nonce-nonce4'");
  });

  it("never keeps a page rendered for a signed-in visitor", async () => {
    const get = await serve(10);
    expect(await (await get("/faqs", { headers: { "x-signed-in": "1" } })).text()).toBe("faqs 1 for a member");
    const next = await get("/faqs");
    expect(next.headers.get("x-page-cache")).toBe("miss");
    expect(await next.text()).toBe("faqs 2");
  });

  it("never keeps an error page", async () => {
    const get = await serve(10);
    await get("/blog/nope");
    expect(await (await get("/blog/nope")).text()).toBe("missing 2");
  });

  it("forgets everything after a successful change, not after a refused one", async () => {
    const get = await serve(10);
    await get("/product/lipid-profile");
    await get("/auth", { method: "POST" });
    expect(await (await get("/product/lipid-profile")).text()).toContain("render 1");
    await get("/admin/tests", { method: "POST" });
    expect(await (await get("/product/lipid-profile")).text()).toContain("render 2");
  });

  it("keeps the pages through writes that cannot change them: the cart, the profile, HEAD", async () => {
    const publish = vi.fn();
    const get = await serve(10, { publish });
    await get("/product/lipid-profile");
    await get("/api/cart", { method: "POST" });
    await get("/profile", { method: "POST" });
    await get("/product/lipid-profile", { method: "HEAD" });
    expect(await (await get("/product/lipid-profile")).text()).toContain("render 1");
    expect(publish).not.toHaveBeenCalled();
    await get("/checkout", { method: "POST" }); // an order moves the next free slot
    // (render 2 answered the HEAD request, which is never kept)
    expect(await (await get("/product/lipid-profile")).text()).toContain("render 3");
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it("tells the other processes of a successful change, and forgets everything when told", async () => {
    let clear: (() => void) | undefined;
    const publish = vi.fn();
    const get = await serve(10, { subscribe: (listener) => (clear = listener), publish });
    await get("/product/lipid-profile");
    await get("/auth", { method: "POST" });
    expect(publish).not.toHaveBeenCalled();
    await get("/admin/tests", { method: "POST" });
    await vi.waitFor(() => expect(publish).toHaveBeenCalledTimes(1));

    await get("/product/lipid-profile");
    expect(await (await get("/product/lipid-profile")).text()).toContain("render 2");
    clear!(); // another process's admin saved an edit
    const after = await get("/product/lipid-profile");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("render 3");
  });

  it("does not keep a page whose render began before a change landed", async () => {
    let clear: (() => void) | undefined;
    const get = await serve(10, { subscribe: (listener) => (clear = listener) });
    let finish!: () => void;
    const began = new Promise<void>((resolve) => {
      labsRender = { began: resolve, finish: new Promise((done) => (finish = done)) };
    });
    const slow = get("/labs");
    await began;
    clear!(); // the edit commits while the page is read
    finish();
    labsRender = undefined;
    expect(await (await slow).text()).toBe("labs 1");
    expect(await (await get("/labs")).text()).toBe("labs 2");
    expect(await (await get("/labs")).text()).toBe("labs 2");
  });

  it("knows which writes may change a public page", () => {
    for (const path of ["/admin/tests", "/admin/labs/x/offers.data", "/admin/search", "/checkout", "/book/abc", "/dashboard", "/api/stripe/webhook", "/demo-checkout/s1"]) {
      expect(changesPublicPages(path), path).toBe(true);
    }
    for (const path of ["/cart", "/api/cart", "/profile.data", "/auth", "/auth/sign-out", "/api/auth/sign-in/email", "/api/search-click"]) {
      expect(changesPublicPages(path), path).toBe(false);
    }
  });

  it("tells a back-office change (the catalogue) from an order or a booking (slots only)", () => {
    for (const path of ["/admin/tests", "/admin/labs/x/offers.data", "/api/test-clock", "/partner/offers", "/something-new"]) {
      expect(changeOfWrite(path), path).toBe("catalog");
    }
    for (const path of ["/checkout", "/ar/checkout.data", "/book/abc", "/dashboard", "/dashboard/bookings/x/cancel", "/payment-success", "/api/stripe/webhook", "/demo-checkout/s1"]) {
      expect(changeOfWrite(path), path).toBe("pages");
    }
    for (const path of ["/cart", "/api/cart", "/profile", "/auth"]) expect(changeOfWrite(path), path).toBeNull();
  });

  it("announces a change with pages not cached too, since the shared catalogue data listens", async () => {
    const publish = vi.fn();
    const get = await serve(0, { publish });
    await get("/admin/tests", { method: "POST" });
    await vi.waitFor(() => expect(publish).toHaveBeenCalledWith("catalog"));
    await get("/checkout", { method: "POST" });
    await vi.waitFor(() => expect(publish).toHaveBeenLastCalledWith("pages"));
    await get("/api/cart", { method: "POST" });
    expect(publish).toHaveBeenCalledTimes(2);
    expect(await (await get("/product/x")).text()).toContain("render 1");
    expect(await (await get("/product/x")).text()).toContain("render 2");
  });

  it("renders a page once for visitors who ask for it at the same time", async () => {
    const get = await serve(10);
    const pages = await Promise.all(Array.from({ length: 5 }, () => get("/about").then((r) => r.text())));
    expect(pages.every((page) => page.startsWith("slow render 1 "))).toBe(true);
    expect(new Set(pages).size).toBe(5); // each with its own nonce
    // A page that may not be kept is rendered for each waiting visitor.
    const missing = await Promise.all(Array.from({ length: 3 }, () => get("/category/x").then((r) => r.text())));
    expect(missing.sort()).toEqual(["slow missing 2", "slow missing 3", "slow missing 4"]);
  });

  it("keeps only the most recently used pages and none when turned off", async () => {
    const get = await serve(10);
    await get("/product/a");
    await get("/product/b");
    await get("/product/a");
    await get("/product/c"); // pushes out b, the least recently used
    expect(await (await get("/product/a")).text()).toContain("render 1");
    expect(await (await get("/product/b")).text()).toContain("render 4");

    closeServer?.();
    const uncached = await serve(0);
    await uncached("/");
    expect(await (await uncached("/")).text()).toContain("render 2");
  });
});
