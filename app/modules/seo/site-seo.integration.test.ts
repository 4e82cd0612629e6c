import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { pageSeo, seoSettings } from "~/db/schema";
import { cachedSeoSiteUrl, forgetSeoSiteUrl, loadSiteSeo } from "~/modules/seo/site-seo.server";

describe("site SEO head data", () => {
  it("uses the site settings, the page's own SEO entry and a clean canonical URL", async () => {
    await db.insert(seoSettings).values({
      siteTitle: "LabTest Hub",
      siteDescription: "Book lab tests",
      siteUrl: "https://labtesthub.ae",
      googleAnalyticsId: "G-TEST123",
      googleSiteVerification: "google-token",
    });
    await db.insert(pageSeo).values({ pagePath: "/about", title: "About LabTest Hub", description: "Who we are" });

    const about = await loadSiteSeo(new Request("http://localhost:3999/about/?utm_source=x&fbclid=y"));
    expect(about.site).toMatchObject({ url: "https://labtesthub.ae", googleAnalyticsId: "G-TEST123", locale: "en_AE" });
    expect(about.page).toMatchObject({ title: "About LabTest Hub", description: "Who we are" });
    expect(about.canonicalUrl).toBe("https://labtesthub.ae/about");
    expect(about.noindex).toBe(false);

    const cart = await loadSiteSeo(new Request("http://localhost:3999/cart"));
    expect(cart.page).toBeNull();
    expect(cart.noindex).toBe(true);
  });

  it("falls back to the environment's site URL and default title without settings", async () => {
    const home = await loadSiteSeo(new Request("http://localhost:3999/?ref=abc"));
    expect(home.site.title).toBe("LabTest Hub");
    expect(home.canonicalUrl).toBe("http://localhost:3999");
  });

  it("keeps the admin's site URL for the server's redirect until a change is saved", async () => {
    forgetSeoSiteUrl();
    expect(await cachedSeoSiteUrl()).toBeNull();
    await db.insert(seoSettings).values({ siteTitle: "LabTest Hub", siteDescription: "Book lab tests", siteUrl: "https://labtesthub.ae" });
    expect(await cachedSeoSiteUrl()).toBeNull();
    forgetSeoSiteUrl();
    expect(await cachedSeoSiteUrl()).toBe("https://labtesthub.ae");
  });
});
