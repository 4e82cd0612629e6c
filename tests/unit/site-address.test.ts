import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server";
import { currentSiteUrl, secureCookies } from "~/utils/site-url.server";
import { siteAddress } from "../../server/site-address";

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** Without SITE_URL: what the app's helpers see as the site's address. */
const unconfigured = parseEnv({ PORT: "3000" });

async function serve(options: { siteUrl?: string; seoSiteUrl?: string | null; trustProxy?: number }) {
  let changes = 0;
  const app = express();
  if (options.trustProxy) app.set("trust proxy", options.trustProxy);
  app.use(siteAddress({ siteUrl: options.siteUrl, seoSiteUrl: async () => options.seoSiteUrl ?? null, onChange: () => changes++ }));
  app.get("/{*page}", (_req, res) => res.json({ siteUrl: currentSiteUrl(unconfigured), secure: secureCookies(unconfigured) }));
  app.post("/cart", (_req, res) => res.json({ ok: true }));
  app.post("/refused", (_req, res) => res.status(400).end());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  const port = (server.address() as AddressInfo).port;
  return { port, changes: () => changes };
}

/** A raw HTTP request, so the Host header can be any address the site may be reached under. */
function get(port: number, path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("one site address", () => {
  it("sends page requests on another host to SITE_URL with the same path and query", async () => {
    const { port } = await serve({ siteUrl: "http://localhost:4000" });
    expect(await get(port, "/search?q=vitamin")).toMatchObject({ status: 301, location: "http://localhost:4000/search?q=vitamin" });
    const here = await get(port, "/search", { host: "localhost:4000" });
    expect(here.status).toBe(200);
  });

  it("uses the SEO site URL when SITE_URL is not set, and SITE_URL when both are", async () => {
    const seoOnly = await serve({ seoSiteUrl: "https://labtesthub.ae" });
    expect(await get(seoOnly.port, "/about")).toMatchObject({ status: 301, location: "https://labtesthub.ae/about" });
    closeServer?.();
    const both = await serve({ siteUrl: "http://localhost:4000", seoSiteUrl: "https://labtesthub.ae" });
    expect((await get(both.port, "/about")).location).toBe("http://localhost:4000/about");
  });

  it("redirects no form posts, and forgets the SEO site URL after a change that succeeded", async () => {
    const { port, changes } = await serve({ siteUrl: "http://localhost:4000" });
    expect((await get(port, "/cart", {}, "POST")).status).toBe(200);
    expect(changes()).toBe(1);
    expect((await get(port, "/refused", {}, "POST")).status).toBe(400);
    expect(changes()).toBe(1);
  });

  it("without a configured site URL, builds every address from the one the request came to", async () => {
    const { port } = await serve({});
    expect(JSON.parse((await get(port, "/")).body)).toEqual({ siteUrl: `http://127.0.0.1:${port}`, secure: false });
    expect(JSON.parse((await get(port, "/", { host: "phone-test.local:3000" })).body).siteUrl).toBe("http://phone-test.local:3000");
  });

  it("believes X-Forwarded-Proto and X-Forwarded-Host only from a trusted proxy", async () => {
    const forwarded = { host: "127.0.0.1:3000", "x-forwarded-host": "labtesthub.ae", "x-forwarded-proto": "https" };
    const untrusted = await serve({});
    expect(JSON.parse((await get(untrusted.port, "/", forwarded)).body).siteUrl).toBe("http://127.0.0.1:3000");
    closeServer?.();
    const trusted = await serve({ trustProxy: 1 });
    expect(JSON.parse((await get(trusted.port, "/", forwarded)).body)).toEqual({ siteUrl: "https://labtesthub.ae", secure: true });
  });
});
