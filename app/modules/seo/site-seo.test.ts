import { describe, expect, it } from "vitest";
import { siteRedirect } from "./site-seo.server";

const request = (url: string, headers: Record<string, string> = {}, method = "GET") => new Request(url, { headers, method });

describe("redirect to the configured site address", () => {
  it("moves visitors from another host to the site host, keeping the path", () => {
    expect(siteRedirect(request("http://www.labtesthub.ae/search?q=a", { host: "www.labtesthub.ae" }), "https://labtesthub.ae", true)).toBe(
      "https://labtesthub.ae/search?q=a",
    );
  });
  it("moves visitors to https only when the proxy says the request came over http", () => {
    const site = "https://labtesthub.ae";
    expect(siteRedirect(request("http://labtesthub.ae/", { host: "labtesthub.ae" }), site, true)).toBeNull();
    expect(siteRedirect(request("http://labtesthub.ae/", { host: "labtesthub.ae", "x-forwarded-proto": "https" }), site, true)).toBeNull();
    expect(siteRedirect(request("http://labtesthub.ae/a", { host: "labtesthub.ae", "x-forwarded-proto": "http" }), site, true)).toBe(
      "https://labtesthub.ae/a",
    );
  });
  it("never redirects local addresses, outside production, without a site URL or for posts", () => {
    expect(siteRedirect(request("http://localhost:3000/", { host: "localhost:3000" }), "https://labtesthub.ae", true)).toBeNull();
    expect(siteRedirect(request("http://127.0.0.1:3000/", { host: "127.0.0.1:3000" }), "https://labtesthub.ae", true)).toBeNull();
    expect(siteRedirect(request("http://other.ae/", { host: "other.ae" }), "https://labtesthub.ae", false)).toBeNull();
    expect(siteRedirect(request("http://other.ae/", { host: "other.ae" }), null, true)).toBeNull();
    expect(siteRedirect(request("http://other.ae/", { host: "other.ae" }, "POST"), "https://labtesthub.ae", true)).toBeNull();
  });
});
