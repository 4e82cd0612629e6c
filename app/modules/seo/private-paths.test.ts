import { describe, expect, it } from "vitest";
import { isNoindexPath } from "~/modules/seo/private-paths";

describe("noindex paths", () => {
  it("cover the private areas and nothing else", () => {
    for (const path of ["/admin", "/admin/tests", "/auth", "/cart", "/checkout", "/payment-success", "/notfound", "/sitemap", "/user/x"]) {
      expect(isNoindexPath(path), path).toBe(true);
    }
    for (const path of ["/ar/auth", "/ar/cart", "/ar/checkout", "/ar/payment-success", "/ar/dashboard", "/ar/profile", "/ar/book/x", "/ar/results/x"]) {
      expect(isNoindexPath(path), path).toBe(true);
    }
    for (const path of ["/", "/search", "/product/lipid-profile", "/authors", "/cartography", "/ar", "/ar/search", "/ar/product/lipid-profile", "/ar/cartography"]) {
      expect(isNoindexPath(path), path).toBe(false);
    }
  });
});
