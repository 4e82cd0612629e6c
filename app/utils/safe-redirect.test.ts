import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

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
});
