import { describe, expect, it } from "vitest";
import { isSlug, slugify } from "~/utils/slug";

describe("slugify", () => {
  it("makes readable URL slugs from test names", () => {
    expect(slugify("Vitamin D (25-OH)")).toBe("vitamin-d-25-oh");
    expect(slugify("Diabetes & Metabolism Panel")).toBe("diabetes-and-metabolism-panel");
    expect(slugify("  Café   Test  ")).toBe("cafe-test");
  });
  it("never returns an empty slug", () => {
    expect(slugify("!!!")).toBe("test");
  });
});

describe("isSlug", () => {
  it("accepts slugs and ids, and nothing a slug cannot contain", () => {
    expect(isSlug("vitamin-d-25-oh-2")).toBe(true);
    expect(isSlug("2418AB5C-b6e6-4b20-a9bb-7ea8691f3380")).toBe(true);
    expect(isSlug("vitamin-d\u0000")).toBe(false);
    expect(isSlug("")).toBe(false);
    expect(isSlug("x".repeat(201))).toBe(false);
  });
});
