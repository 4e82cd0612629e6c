import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { pageSeo, seoSettings } from "~/db/schema";
import { savePageSeo } from "~/modules/seo/seo-settings.server";
import { cachedSeoSiteUrl, forgetSiteSeo, loadSiteSeo, watchSiteSeo } from "~/modules/seo/site-seo.server";
import { publishChange, startChangeFeed } from "~/utils/change-feed.server";

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
    expect((await loadSiteSeo(new Request("http://localhost:3999/ar/cart"))).noindex).toBe(true);
    expect((await loadSiteSeo(new Request("http://localhost:3999/ar/search?q=x"))).noindex).toBe(false);
  });

  it("falls back to the environment's site URL and the spec's default title and description without settings", async () => {
    const home = await loadSiteSeo(new Request("http://localhost:3999/?ref=abc"));
    expect(home.site.title).toBe("LabTest Hub");
    expect(home.site.description).toBe(
      "The most convenient way to book lab tests in UAE. Compare prices, book appointments, and receive results digitally.",
    );
    expect(home.canonicalUrl).toBe("http://localhost:3999");
  });

  it("keeps the admin's site URL for the server's redirect until a change is saved", async () => {
    forgetSiteSeo();
    expect(await cachedSeoSiteUrl()).toBeNull();
    await db.insert(seoSettings).values({ siteTitle: "LabTest Hub", siteDescription: "Book lab tests", siteUrl: "https://labtesthub.ae" });
    expect(await cachedSeoSiteUrl()).toBeNull();
    forgetSiteSeo();
    expect(await cachedSeoSiteUrl()).toBe("https://labtesthub.ae");
  });

  it("keeps settings and page entries while the change feed runs, and reads them again after any process's change", async () => {
    const stopFeed = await startChangeFeed();
    const stopWatching = watchSiteSeo();
    try {
      await db.insert(seoSettings).values({ siteTitle: "First title", siteDescription: "", siteUrl: "https://labtesthub.ae" });
      const about = () => loadSiteSeo(new Request("http://localhost:3999/about"));
      expect((await about()).site.title).toBe("First title");
      expect((await about()).page).toBeNull();

      // A write nobody announced is not seen: the page is served from what this process holds.
      await db.update(seoSettings).set({ siteTitle: "Second title" }).where(eq(seoSettings.id, 1));
      expect((await about()).site.title).toBe("First title");

      // Another process's save announces it through the database: every process reads again.
      await publishChange(db, "settings");
      await vi.waitFor(async () => expect((await about()).site.title).toBe("Second title"));

      // A save in this process is seen by its next request at once.
      await savePageSeo({ pagePath: "/about", title: "About us", description: "Who we are", keywords: null, ogImage: null, canonicalUrl: null });
      expect((await about()).page).toMatchObject({ title: "About us" });
    } finally {
      stopWatching();
      await stopFeed();
    }
  });
});
