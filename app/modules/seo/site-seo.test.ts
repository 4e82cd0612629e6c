import { describe, expect, it } from "vitest";
import { siteRedirect } from "~/modules/seo/site-seo.server";

const request = (url: string, headers: Record<string, string> = {}, method = "GET") => {
  const { pathname, search } = new URL(url);
  const all = new Headers(headers);
  return { method, originalUrl: `${pathname}${search}`, get: (name: string) => all.get(name) ?? undefined };
};

describe("redirect to the configured site address", () => {
  it("moves visitors from another host to the site host, keeping the path", () => {
    expect(siteRedirect(request("http://www.labtesthub.ae/search?q=a", { host: "www.labtesthub.ae" }), "https://labtesthub.ae")).toBe(
      "https://labtesthub.ae/search?q=a",
    );
  });
  it("moves visitors to https only when the proxy says the request came over http", () => {
    const site = "https://labtesthub.ae";
    expect(siteRedirect(request("http://labtesthub.ae/", { host: "labtesthub.ae" }), site)).toBeNull();
    expect(siteRedirect(request("http://labtesthub.ae/", { host: "labtesthub.ae", "x-forwarded-proto": "https" }), site)).toBeNull();
    expect(siteRedirect(request("http://labtesthub.ae/a", { host: "labtesthub.ae", "x-forwarded-proto": "http" }), site)).toBe(
      "https://labtesthub.ae/a",
    );
  });
  it("moves a visitor on 127.0.0.1 to the localhost the site is configured with", () => {
    expect(siteRedirect(request("http://127.0.0.1:3000/auth?mode=sign-in", { host: "127.0.0.1:3000" }), "http://localhost:3000")).toBe(
      "http://localhost:3000/auth?mode=sign-in",
    );
    expect(siteRedirect(request("http://LOCALHOST:3000/", { host: "LOCALHOST:3000" }), "http://localhost:3000")).toBeNull();
    expect(siteRedirect(request("http://localhost:3001/", { host: "localhost:3001" }), "http://localhost:3000")).toBe("http://localhost:3000/");
  });
  it("believes the address a proxy states, so a proxy that rewrites the Host is not sent round in circles", () => {
    const behindProxy = { host: "127.0.0.1:3000", "x-forwarded-host": "labtesthub.ae", "x-forwarded-proto": "https" };
    expect(siteRedirect(request("http://127.0.0.1:3000/", behindProxy), "https://labtesthub.ae")).toBeNull();
    expect(siteRedirect(request("http://labtesthub.ae:443/", { host: "labtesthub.ae:443", "x-forwarded-proto": "https" }), "https://labtesthub.ae")).toBeNull();
  });
  it("never redirects without a site URL or to a site URL that is not a web address", () => {
    expect(siteRedirect(request("http://other.ae/", { host: "other.ae" }), null)).toBeNull();
    expect(siteRedirect(request("http://other.ae/", { host: "other.ae" }), "ftp://labtesthub.ae")).toBeNull();
  });
  it("says a post on another host belongs elsewhere too (the server refuses it rather than redirect)", () => {
    expect(siteRedirect(request("http://other.ae/cart", { host: "other.ae" }, "POST"), "https://labtesthub.ae")).toBe("https://labtesthub.ae/cart");
    expect(siteRedirect(request("http://labtesthub.ae/cart", { host: "labtesthub.ae" }, "POST"), "https://labtesthub.ae")).toBeNull();
  });
});
