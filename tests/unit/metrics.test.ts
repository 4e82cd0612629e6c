import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { metricsEndpoint, recordRequests, routePatternMatcher } from "../../server/metrics";

type Routes = ServerBuild["routes"];
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
const routes = {
  root: route("root", undefined, ""),
  home: route("home", "root", undefined, true),
  product: route("product", "root", "product/:slug"),
  admin: route("admin", "root", "admin"),
  adminIndex: route("adminIndex", "admin", undefined, true),
  adminBooking: route("adminBooking", "admin", "bookings/:bookingId"),
  notFound: route("notFound", "root", "*"),
} as unknown as Routes;

describe("route patterns of the request metrics", () => {
  const patternOf = routePatternMatcher(routes);
  it("names a page, its data request and a nested page by their pattern", () => {
    expect(patternOf("/product/vitamin-d")).toBe("/product/:slug");
    expect(patternOf("/product/vitamin-d.data")).toBe("/product/:slug");
    expect(patternOf("/admin/bookings/42")).toBe("/admin/bookings/:bookingId");
    expect(patternOf("/admin")).toBe("/admin");
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/_root.data")).toBe("/");
  });
  it("puts every unknown address under the catch-all, so a scan cannot add a series per URL", () => {
    expect(patternOf("/wp-login.php")).toBe("/*");
    expect(patternOf("/random/deep/path")).toBe("/*");
    expect(patternOf("/healthz")).toBe("/healthz");
  });
});

describe("route patterns ranked as React Router ranks them", () => {
  // Shaped like app/routes.ts: pages in two languages, a nested admin area, a splat API, a catch-all.
  const shaped = {
    root: route("root", undefined, ""),
    home: route("home", "root", undefined, true),
    // Listed before the routes they must lose to: the ranking, not the order, decides.
    notFound: route("notFound", "root", "*"),
    result: route("result", "root", "dashboard/results/:resultId"),
    adminTest: route("adminTest", "admin", "tests/:testId"),
    auth: route("auth", "root", "auth"),
    forgot: route("forgot", "root", "auth/forgot-password"),
    authApi: route("authApi", "root", "api/auth/*"),
    search: route("search", "root", "search"),
    product: route("product", "root", "product/:slug"),
    results: route("results", "root", "dashboard/results"),
    trends: route("trends", "root", "dashboard/results/trends"),
    shared: route("shared", "root", "results/shared/:token"),
    sharedReport: route("sharedReport", "root", "results/shared/:token/report"),
    arHome: route("arHome", "root", "ar", true),
    arProduct: route("arProduct", "root", "ar/product/:slug"),
    arResult: route("arResult", "root", "ar/dashboard/results/:resultId"),
    admin: route("admin", "root", "admin"),
    adminIndex: route("adminIndex", "admin", undefined, true),
    adminTests: route("adminTests", "admin", "tests"),
    adminImport: route("adminImport", "admin", "tests/import"),
    sitemap: route("sitemap", "root", "sitemap.xml"),
  } as unknown as Routes;
  type Node = { id: string; path?: string; index?: boolean; children?: Node[] };
  const byId = new Map<string, Node>(Object.values(shaped).map((r) => [r!.id, { id: r!.id, path: r!.path, index: r!.index, ...(r!.index ? {} : { children: [] }) }]));
  const tree: Node[] = [];
  for (const r of Object.values(shaped)) (r!.parentId ? byId.get(r!.parentId)!.children! : tree).push(byId.get(r!.id)!);
  const reactRouterPattern = (path: string) => {
    const joined = matchRoutes(tree as RouteObject[], path)!.map((m) => m.route.path).filter(Boolean).join("/").replace(/\/+/g, "/");
    return joined.startsWith("/") ? joined : `/${joined}`;
  };
  const patternOf = routePatternMatcher(shaped);
  it("gives React Router's own pattern for every kind of path", () => {
    const paths = [
      "/", "/auth", "/AUTH/", "/auth/forgot-password", "/auth/other", "/api/auth/get-session", "/api/auth", "/search", "/search/",
      "/product/vitamin-d", "/product/%D9%81%D9%8A", "/product/a/b", "/dashboard/results", "/dashboard/results/trends",
      "/dashboard/results/42", "/dashboard/results/42/x", "/results/shared/tok", "/results/shared/tok/report", "/ar", "/ar/",
      "/ar/product/x", "/ar/dashboard/results/7", "/ar/nothing", "/admin", "/admin/", "/admin/tests", "/admin/tests/import",
      "/admin/tests/9", "/admin/tests/9/offers", "/sitemap.xml", "/sitemapxxml", "/wp-login.php", "/a/b/c",
    ];
    for (const path of paths) expect(patternOf(path), path).toBe(reactRouterPattern(path));
  });
});

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

async function serve(token: string | undefined, trustProxy: false | string[] = false, peer?: string) {
  const app = express();
  app.set("trust proxy", trustProxy);
  // As if the connection came from another machine: the socket's peer address is all the check reads.
  if (peer) app.use((req, _res, next) => (Object.defineProperty(req.socket, "remoteAddress", { value: peer, configurable: true }), next()));
  app.use(recordRequests(routePatternMatcher(routes)));
  app.get("/metrics", metricsEndpoint(() => token));
  app.get("/product/:slug", (_req, res) => res.end("page"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("/metrics", () => {
  it("answers this machine without a token, with the requests counted by route pattern and status", async () => {
    const base = await serve(undefined);
    await fetch(`${base}/product/a`);
    await fetch(`${base}/product/b`);
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/labtest_http_requests_total\{method="GET",route="\/product\/:slug",status="200"\} [2-9]/);
    expect(text).toContain("labtest_http_request_duration_seconds_bucket");
  });

  it("is a plain 404 for a client a trusted proxy forwards from elsewhere, even on the loopback socket", async () => {
    const base = await serve(undefined, ["loopback"]);
    const response = await fetch(`${base}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("labtest_");
  });

  it("is a plain 404 without a token for a client on another address (IPv4 and IPv6)", async () => {
    for (const peer of ["203.0.113.5", "2001:db8::5", "::ffff:203.0.113.5"]) {
      const base = await serve(undefined, false, peer);
      const response = await fetch(`${base}/metrics`);
      expect(response.status, peer).toBe(404);
      expect(await response.text()).not.toContain("labtest_");
      closeServer?.();
    }
  });

  it("with METRICS_TOKEN, wants it as a bearer token (404 otherwise, also from this machine)", async () => {
    const base = await serve("a-long-metrics-token-123");
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer wrong-token-of-same-size1" } })).status).toBe(404);
    const ok = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer a-long-metrics-token-123" } });
    expect(ok.status).toBe(200);
  });
});
