import { asc, count, desc, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { blogPosts, seoSettings, testCategories, tests } from "~/db/schema";
import { LANGUAGES, isTranslatedPath, localizePath } from "~/i18n/languages";
import { labsForSitemap } from "~/modules/labs/lab-directory.server";
import { PRIVATE_PATHS } from "~/modules/seo/private-paths";
import { currentSiteUrl } from "~/utils/site-url.server";

/** Pages the spec lists for search engines besides products, categories and posts. */
export const STATIC_SITEMAP_PATHS = ["/", "/about", "/faqs", "/terms", "/privacy", "/cookies", "/resources", "/search"];
/**
 * The sitemap protocol allows 50,000 URLs per file; larger catalogues get a sitemap index. Each
 * page is listed in both languages, so a file holds half as many pages.
 */
const SITEMAP_PAGES_PER_FILE = 22_500;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export async function siteUrl() {
  const [settings] = await db.select({ siteUrl: seoSettings.siteUrl }).from(seoSettings).where(eq(seoSettings.id, 1));
  return (settings?.siteUrl || currentSiteUrl()).replace(/\/+$/, "");
}

/** A page in each language, each entry naming the other as its alternate (and English as x-default). */
function urlEntry(base: string, path: string, lastmod?: Date) {
  const loc = (language: (typeof LANGUAGES)[number]) => escapeXml(`${base}${localizePath(path, language)}`.replace(/(?<=[^/])\/$/, ""));
  const alternates = [
    ...LANGUAGES.map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${loc(language)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${loc("en")}"/>`,
  ].join("");
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return LANGUAGES.map((language) => `<url><loc>${loc(language)}</loc>${modified}${alternates}</url>`).join("");
}

/**
 * /sitemap.xml: part 1 holds the static pages, categories, lab pages and posts; product pages follow in
 * parts of SITEMAP_URLS_PER_FILE. With more than one part, the bare address answers a sitemap index.
 */
export async function sitemapXml(part: number | null): Promise<string> {
  const base = await siteUrl();
  const [{ n: testCount }] = await db.select({ n: count() }).from(tests);
  const productParts = Math.ceil(testCount / SITEMAP_PAGES_PER_FILE);
  const header = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (part === null && productParts > 1) {
    const parts = Array.from({ length: productParts + 1 }, (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`);
    return `${header}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${parts.join("")}</sitemapindex>`;
  }
  const entries: string[] = [];
  const single = part === null;
  if (single || part === 1) {
    entries.push(...STATIC_SITEMAP_PATHS.map((path) => urlEntry(base, path)));
    const categories = await db.select({ id: testCategories.id, updatedAt: testCategories.updatedAt }).from(testCategories).orderBy(asc(testCategories.name));
    entries.push(...categories.map((c) => urlEntry(base, `/category/${c.id}`, c.updatedAt)));
    // The lab directory and each active lab's page (issue 11).
    entries.push(urlEntry(base, "/labs"), ...(await labsForSitemap()).map((lab) => urlEntry(base, `/labs/${lab.slug}`, lab.updatedAt)));
    const posts = await db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, true))
      .orderBy(desc(blogPosts.createdAt));
    entries.push(...posts.map((p) => urlEntry(base, `/blog/${p.slug}`, p.updatedAt)));
  }
  const productPart = single ? 0 : (part ?? 1) - 2;
  if (single || productPart >= 0) {
    const rows = await db
      .select({ slug: tests.slug, updatedAt: tests.updatedAt })
      .from(tests)
      .orderBy(asc(tests.slug))
      .limit(SITEMAP_PAGES_PER_FILE)
      .offset(Math.max(0, productPart) * SITEMAP_PAGES_PER_FILE);
    entries.push(...rows.map((t) => urlEntry(base, `/product/${t.slug}`, t.updatedAt)));
  }
  return `${header}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join("")}</urlset>`;
}

export async function robotsTxt() {
  const base = await siteUrl();
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.flatMap((path) => (isTranslatedPath(path) ? [path, localizePath(path, "ar")] : [path]).map((disallowed) => `Disallow: ${disallowed}`)),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

const RSS_ITEMS = 50;

export async function rssXml() {
  const base = await siteUrl();
  const [settings] = await db.select().from(seoSettings).where(eq(seoSettings.id, 1));
  const posts = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(desc(blogPosts.createdAt))
    .limit(RSS_ITEMS);
  const title = settings?.siteTitle ?? "LabTest Hub";
  const items = posts.map(
    (post) =>
      `<item><title>${escapeXml(post.title)}</title><link>${escapeXml(`${base}/blog/${post.slug}`)}</link><guid isPermaLink="true">${escapeXml(
        `${base}/blog/${post.slug}`,
      )}</guid><description>${escapeXml(post.excerpt)}</description><author>${escapeXml(post.author)}</author><category>${escapeXml(
        post.category,
      )}</category><pubDate>${new Date(post.createdAt).toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escapeXml(title)}</title><link>${escapeXml(base)}</link><description>${escapeXml(
    settings?.siteDescription ?? "",
  )}</description><language>en-ae</language>${items.join("")}</channel></rss>`;
}
