import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { landsOnSite, OPEN_REDIRECT_PAYLOADS } from "../../tests/fakes/open-redirect-payloads";

describe("the redirect rule after sign-in", () => {
  it("follows a site-relative path", () => {
    expect(safeRedirectPath("/checkout?step=details")).toBe("/checkout?step=details");
  });

  it("ignores protocol-relative, absolute and backslash URLs", () => {
    expect(safeRedirectPath("//evil.example")).toBeNull();
    expect(safeRedirectPath("https://evil.example")).toBeNull();
    expect(safeRedirectPath("/\\evil.example")).toBeNull();
    expect(safeRedirectPath("evil")).toBeNull();
    expect(safeRedirectPath("")).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });

  it("ignores paths that normalise to another site", () => {
    expect(safeRedirectPath("/./\\evil.example")).toBeNull();
    expect(safeRedirectPath("/a/../..//evil.example")).toBeNull();
    expect(safeRedirectPath("/\t/evil.example")).toBeNull();
  });

  it("ignores control characters and DEL", () => {
    expect(safeRedirectPath("/dash\u007fboard")).toBeNull();
    expect(safeRedirectPath("/\r\nSet-Cookie: x=1")).toBeNull();
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(safeRedirectPath("/\u3000")).toBe("/%E3%80%80");
    expect(safeRedirectPath("/search?q=vitamin d")).toBe("/search?q=vitamin%20d");
  });
});

describe("the one rule for redirects, on the final path", () => {
  it("refuses every payload of the review, as it is and moved into either language", () => {
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      for (const language of [undefined, "en", "ar"] as const) {
        const path = safeRedirectPath(payload, language);
        expect(path === null || landsOnSite(path, "http://localhost:3999"), `${JSON.stringify(payload)} (${language}) -> ${path}`).toBe(true);
      }
    }
  });

  it("checks the path after the /ar prefix is removed or added", () => {
    expect(safeRedirectPath("/ar//evil.example", "en")).toBeNull();
    expect(safeRedirectPath("/ar/\\evil.example", "en")).toBeNull();
    expect(safeRedirectPath("/ar/%2e%2e//evil.example", "en")).toBeNull();
    expect(safeRedirectPath("/x/..//evil.example", "ar")).toBeNull();
  });

  it("refuses empty segments and encoded slashes in the path, which no page of the site has", () => {
    expect(safeRedirectPath("/ar//evil.example")).toBeNull();
    expect(safeRedirectPath("/%2fevil.example")).toBeNull();
    expect(safeRedirectPath("/%5Cevil.example")).toBeNull();
  });

  it("moves a page of the site into the language asked for, query and hash kept", () => {
    expect(safeRedirectPath("/search?q=a%2Fb#results", "ar")).toBe("/ar/search?q=a%2Fb#results");
    expect(safeRedirectPath("/ar/search?q=x", "en")).toBe("/search?q=x");
    expect(safeRedirectPath("/ar", "en")).toBe("/");
    expect(safeRedirectPath("/", "ar")).toBe("/ar");
    expect(safeRedirectPath("/admin/dashboard", "ar")).toBe("/admin/dashboard");
  });
});
