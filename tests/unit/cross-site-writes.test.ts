import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { refuseCrossSiteWrites } from "../../server/cross-site-writes";

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** An app whose actions count how often they ran. */
async function serve(siteUrl: string | undefined) {
  let actions = 0;
  const app = express();
  app.use(refuseCrossSiteWrites(siteUrl));
  app.post(["/cart", "/api/stripe/webhook", "/api/backup"], (_req, res) => res.json({ actions: ++actions }));
  app.get("/search", (_req, res) => res.json({ actions }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, request: (path: string, init?: RequestInit) => fetch(base + path, init) };
}

describe("cross-site writes", () => {
  it("refuses a form another site posts, and runs nothing", async () => {
    const { request } = await serve("https://labtesthub.ae");
    const forged = await request("/cart", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe("This request came from another site and was refused.");
    expect(await (await request("/cart", { method: "POST", headers: { origin: "null" } })).text()).toContain("refused");
    expect(await (await request("/search")).json()).toEqual({ actions: 0 });
  });

  it("refuses a write that does not name the page it came from, and runs nothing", async () => {
    const { request } = await serve("https://labtesthub.ae");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const unnamed = await request("/cart", { method });
      expect(unnamed.status, method).toBe(403);
      expect(await unnamed.text()).toBe("This request did not say which page it came from and was refused.");
    }
    expect(await (await request("/search")).json()).toEqual({ actions: 0 });
  });

  it("lets the site's own pages, and the Stripe webhook and the local backup without an Origin, through", async () => {
    const { base, request } = await serve("https://labtesthub.ae");
    expect((await request("/cart", { method: "POST", headers: { origin: "https://labtesthub.ae" } })).status).toBe(200);
    expect((await request("/cart", { method: "POST", headers: { origin: base } })).status).toBe(200);
    expect((await request("/api/stripe/webhook", { method: "POST" })).status).toBe(200);
    expect((await request("/api/backup", { method: "POST" })).status).toBe(200);
    const webhook = await request("/api/stripe/webhook", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(await webhook.json()).toEqual({ actions: 5 });
    expect((await request("/search", { headers: { origin: "https://evil.example" } })).status).toBe(200);
    expect((await request("/search")).status).toBe(200);
  });

  it("without SITE_URL, lets a page post only to its own address", async () => {
    const { base, request } = await serve(undefined);
    expect((await request("/cart", { method: "POST", headers: { origin: base } })).status).toBe(200);
    expect((await request("/cart", { method: "POST", headers: { origin: "http://localhost:3000" } })).status).toBe(403);
  });
});
