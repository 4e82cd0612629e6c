import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

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
