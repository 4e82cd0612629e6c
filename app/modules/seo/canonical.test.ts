import { describe, expect, it } from "vitest";
import { canonicalUrl } from "~/modules/seo/canonical";

describe("canonical URLs", () => {
  it("drop tracking parameters and the trailing slash but keep the rest", () => {
    expect(
      canonicalUrl("https://labtesthub.ae", "http://localhost:3000/search/?q=vitamin&utm_source=x&UTM_medium=y&gclid=1&fbclid=2&ref=z&page=2"),
    ).toBe("https://labtesthub.ae/search?q=vitamin&page=2");
  });
  it("give the bare site address for the home page", () => {
    expect(canonicalUrl("https://labtesthub.ae/", "http://localhost:3000/?utm_campaign=a")).toBe("https://labtesthub.ae");
  });
});
