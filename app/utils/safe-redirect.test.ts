import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/safe-redirect";

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
