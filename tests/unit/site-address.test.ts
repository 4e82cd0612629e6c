import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server";
import { currentSiteUrl, secureCookies } from "~/utils/site-url.server";
import { siteAddress, WRONG_HOST_MESSAGE } from "../../server/site-address";

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** Without SITE_URL: what the app's helpers see as the site's address. */
const unconfigured = parseEnv({ PORT: "3000" });

/** What the default allow-list holds on a machine whose network address is 192.168.1.20. */
const THIS_MACHINE = ["localhost", "127.0.0.1", "[::1]", "192.168.1.20"];

async function serve(options: { siteUrl?: string; seoSiteUrl?: string | null; trustProxy?: number; allowedHosts?: string[] }) {
  let changes = 0;
  let actions = 0;
  const app = express();
  if (options.trustProxy) app.set("trust proxy", options.trustProxy);
  app.use(
    siteAddress({
      siteUrl: options.siteUrl,
      seoSiteUrl: async () => options.seoSiteUrl ?? null,
      allowedHosts: options.allowedHosts ?? THIS_MACHINE,
      onChange: () => changes++,
    }),
  );
  app.get("/{*page}", (_req, res) => res.json({ siteUrl: currentSiteUrl(unconfigured), secure: secureCookies(unconfigured) }));
  app.post(["/cart", "/auth/forgot-password", "/api/backup"], (req, res) => res.json({ actions: ++actions, siteUrl: currentSiteUrl(unconfigured), path: req.originalUrl }));
  app.post("/refused", (_req, res) => res.status(400).end());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  const port = (server.address() as AddressInfo).port;
  return { port, changes: () => changes, actions: () => actions };
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
    const site = { host: "localhost:4000" };
    expect((await get(port, "/cart", site, "POST")).status).toBe(200);
    expect(changes()).toBe(1);
    expect((await get(port, "/refused", site, "POST")).status).toBe(400);
    expect(changes()).toBe(1);
  });

  it("with a configured site URL, refuses a post on another host and runs nothing", async () => {
    for (const configured of [{ siteUrl: "http://localhost:4000" }, { seoSiteUrl: "https://labtesthub.ae" }]) {
      const { port, actions } = await serve(configured);
      const forgeries: Record<string, string>[] = [{}, { host: "evil.example" }, { host: "localhost:4000", "x-forwarded-host": "evil.example" }];
      for (const headers of forgeries) {
        const forged = await get(port, "/auth/forgot-password", headers, "POST");
        expect(forged, JSON.stringify(headers)).toMatchObject({ status: 400, body: WRONG_HOST_MESSAGE });
      }
      const absolute = await get(port, "http://evil.example/auth/forgot-password", { host: "localhost:4000" }, "POST");
      expect(absolute).toMatchObject({ status: 400, body: WRONG_HOST_MESSAGE });
      expect(actions()).toBe(0);
      closeServer?.();
    }
  });

  it("without a configured site URL, builds every address from the one the request came to, when it is this machine's", async () => {
    const { port } = await serve({});
    expect(JSON.parse((await get(port, "/")).body)).toEqual({ siteUrl: `http://127.0.0.1:${port}`, secure: false });
    // A phone on the local network, on this machine's address.
    expect(JSON.parse((await get(port, "/", { host: "192.168.1.20:3000" })).body).siteUrl).toBe("http://192.168.1.20:3000");
    expect(JSON.parse((await get(port, "/", { host: "[::1]:3000" })).body).siteUrl).toBe("http://[::1]:3000");
    expect(JSON.parse((await get(port, "/", { host: "LOCALHOST:3000" })).body).siteUrl).toBe("http://localhost:3000");
  });

  it("without a configured site URL, refuses a request on a host outside the allow-list, whatever its method", async () => {
    const { port, actions } = await serve({});
    for (const host of ["evil.example", "evil.example:3000", "phone-test.local:3000", "localhost@evil.example", "evil.example/localhost", "localhost:3000:80"]) {
      for (const method of ["GET", "POST"]) {
        const answer = await get(port, method === "GET" ? "/" : "/auth/forgot-password", { host }, method);
        expect(answer, `${method} with Host ${JSON.stringify(host)}`).toMatchObject({ status: 400, body: WRONG_HOST_MESSAGE });
      }
    }
    expect(actions()).toBe(0);
  });

  it("takes the host of an absolute request-target (RFC 9112), and refuses it outside the allow-list", async () => {
    const { port, actions } = await serve({});
    const own = { host: `127.0.0.1:${port}` };
    expect(await get(port, "http://evil.example/auth/forgot-password", own, "POST")).toMatchObject({ status: 400, body: WRONG_HOST_MESSAGE });
    expect(await get(port, "ftp://localhost/auth/forgot-password", own, "POST")).toMatchObject({ status: 400 });
    expect(actions()).toBe(0);
    const allowed = JSON.parse((await get(port, "http://localhost:3000/auth/forgot-password?x=1", { host: "evil.example" }, "POST")).body);
    expect(allowed).toEqual({ actions: 1, siteUrl: "http://localhost:3000", path: "/auth/forgot-password?x=1" });
  });

  it("admits the hosts ALLOWED_HOSTS adds, a leading dot admitting subdomains", async () => {
    const { port } = await serve({ allowedHosts: [...THIS_MACHINE, "labtest.lan", ".clinic.example"] });
    for (const host of ["labtest.lan:3000", "clinic.example", "shop.clinic.example"]) {
      expect(JSON.parse((await get(port, "/", { host })).body).siteUrl, host).toBe(`http://${host}`);
    }
    for (const host of ["other.lan", "evilclinic.example", "labtest.lan.evil.example"]) expect((await get(port, "/", { host })).status, host).toBe(400);
  });

  it("lets the backup script reach /api/backup on this machine's address whatever the site URL", async () => {
    const { port } = await serve({ siteUrl: "https://labtesthub.ae" });
    expect((await get(port, "/api/backup", {}, "POST")).status).toBe(200);
  });

  it("believes X-Forwarded-Proto and X-Forwarded-Host only from a trusted proxy, and holds a forwarded host to the allow-list", async () => {
    const forwarded = { host: "127.0.0.1:3000", "x-forwarded-host": "labtesthub.ae", "x-forwarded-proto": "https" };
    const untrusted = await serve({});
    expect(JSON.parse((await get(untrusted.port, "/", forwarded)).body).siteUrl).toBe("http://127.0.0.1:3000");
    const forgedPost = JSON.parse((await get(untrusted.port, "/auth/forgot-password", { ...forwarded, "x-forwarded-host": "evil.example" }, "POST")).body);
    expect(forgedPost.siteUrl).toBe("http://127.0.0.1:3000");
    closeServer?.();
    const trusted = await serve({ trustProxy: 1, allowedHosts: [...THIS_MACHINE, "labtesthub.ae"] });
    expect(JSON.parse((await get(trusted.port, "/", forwarded)).body)).toEqual({ siteUrl: "https://labtesthub.ae", secure: true });
    expect((await get(trusted.port, "/", { ...forwarded, "x-forwarded-host": "evil.example" })).status).toBe(400);
  });
});
