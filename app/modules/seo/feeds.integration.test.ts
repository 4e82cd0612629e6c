import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertBlogPost, insertCategory, insertTest } from "~/seed/factories.server";
import { robotsTxt, rssXml, sitemapXml } from "~/modules/seo/feeds.server";

describe("sitemap, robots and RSS", () => {
  it("list the spec's pages, every test, every category and only published posts", async () => {
    const category = await insertCategory(db, { name: "Thyroid" });
    const test = await insertTest(db, { name: "TSH", categoryId: category.id });
    await insertBlogPost(db, { slug: "live-post", title: "Live & well" });
    await insertBlogPost(db, { slug: "draft-post", isPublished: false });

    const sitemap = await sitemapXml(null);
    for (const path of ["/about", "/faqs", "/terms", "/privacy", "/cookies", "/resources", "/search"]) {
      expect(sitemap).toContain(`<loc>http://localhost:3999${path}</loc>`);
    }
    expect(sitemap).toContain("<loc>http://localhost:3999</loc>");
    expect(sitemap).toContain(`/product/${test.slug}</loc>`);
    expect(sitemap).toContain(`/category/${category.id}</loc>`);
    expect(sitemap).toContain("/blog/live-post</loc>");
    expect(sitemap).not.toContain("draft-post");
    // Every page in both languages, each naming the other and English as the default.
    expect(sitemap).toContain("<loc>http://localhost:3999/ar</loc>");
    expect(sitemap).toContain(`<loc>http://localhost:3999/ar/product/${test.slug}</loc>`);
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="http://localhost:3999/product/${test.slug}"/><xhtml:link rel="alternate" hreflang="ar" href="http://localhost:3999/ar/product/${test.slug}"/><xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:3999/product/${test.slug}"/>`,
    );

    const rss = await rssXml();
    expect(rss).toContain("<title>Live &amp; well</title>");
    expect(rss).not.toContain("draft-post");

    const robots = await robotsTxt();
    const disallowed = robots.split("\n").filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice("Disallow: ".length));
    // The private pages in both languages; the admin and partner areas exist in English only.
    expect(disallowed).toEqual(expect.arrayContaining(["/checkout", "/ar/checkout", "/auth", "/ar/auth", "/dashboard", "/ar/dashboard", "/results", "/ar/results", "/admin", "/partner"]));
    expect(disallowed).not.toContain("/ar/admin");
    expect(disallowed).not.toContain("/ar");
    expect(robots).toContain("Sitemap: http://localhost:3999/sitemap.xml");
  });
});
