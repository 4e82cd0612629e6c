import { z } from "zod";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { insertBlogPost, insertCategory, insertTest } from "~/seed/factories.server";
import { pageSeo } from "~/db/schema";
import { listKnownPages, pagesMissingSeo } from "~/modules/seo/known-pages.server";
import { pingSearchEngines } from "~/modules/seo/ping-search-engines.server";
import { PageSeoFormSchema, SiteSeoFormSchema } from "~/modules/seo/schemas";
import { getSiteSeoSettings, savePageSeo, saveSiteSeoSettings } from "~/modules/seo/seo-settings.server";
import { clip, generateMissing, optimizePage, writePageSeo } from "~/modules/seo/seo-writer.server";

let server: Server | undefined;
afterEach(() => server?.close());

async function localServer(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("SEO settings", () => {
  it("validates with the spec's messages and saves empty optional values as null", async () => {
    const refused = SiteSeoFormSchema.safeParse({ siteTitle: "", siteDescription: "", siteUrl: "nope", contactEmail: "x" });
    expect(z.flattenError(refused.error!).fieldErrors).toMatchObject({
      siteTitle: ["Site title is required"],
      siteDescription: ["Site description is required"],
      siteUrl: ["Please enter a valid URL"],
      contactEmail: ["Please enter a valid email address"],
    });

    const input = SiteSeoFormSchema.parse({
      siteTitle: "LabTest Hub",
      siteDescription: "Book lab tests.",
      twitterSite: "",
      sameAs: "https://instagram.com/labtesthub\nhttps://x.com/labtesthub, https://facebook.com/labtesthub",
    });
    await saveSiteSeoSettings(input);
    await saveSiteSeoSettings({ ...input, siteTitle: "LabTest Hub UAE" });
    const saved = await getSiteSeoSettings();
    expect(saved).toMatchObject({ siteTitle: "LabTest Hub UAE", twitterSite: null, siteLocale: "en_AE" });
    expect(saved?.sameAs).toHaveLength(3);
  });

  it("page SEO needs a path, title and description; a second entry for a path replaces the first", async () => {
    expect(z.flattenError(PageSeoFormSchema.safeParse({}).error!).fieldErrors).toMatchObject({
      pagePath: ["Page path is required"],
      title: ["Title is required"],
      description: ["Description is required"],
    });
    await savePageSeo(PageSeoFormSchema.parse({ pagePath: "/about/", title: "About", description: "Who we are" }));
    await savePageSeo(PageSeoFormSchema.parse({ pagePath: "/about", title: "About us", description: "Who we are" }));
    const rows = await db.select().from(pageSeo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pagePath: "/about", title: "About us", keywords: null });
  });
});

describe("pages (auto)", () => {
  it("lists static, test, category and published blog pages with their SEO status, and generates the missing ones", async () => {
    const category = await insertCategory(db, { name: "Heart Health", description: "Tests of the heart." });
    await insertTest(db, { name: "Lipid Profile", priceFils: 14900, categoryId: category.id });
    await insertBlogPost(db, { slug: "hidden", isPublished: false });
    await insertBlogPost(db, { slug: "vitamin-d", title: "Vitamin D in the UAE", excerpt: "Why sunshine is not enough." });

    const all = await listKnownPages("all", 1);
    expect(all.total).toBe(8 + 3);
    expect(all.pages.map((p) => p.path)).toContain("/product/lipid-profile");
    expect(all.pages.map((p) => p.path)).not.toContain("/blog/hidden");

    const missing = await pagesMissingSeo(500);
    expect(missing.total).toBe(11);
    expect(await generateMissing(missing.pages)).toBe(11);
    expect((await listKnownPages("missing", 1)).total).toBe(0);
    expect((await listKnownPages("present", 1)).total).toBe(11);

    const [product] = await db.select().from(pageSeo).where(eq(pageSeo.pagePath, "/product/lipid-profile"));
    expect(product.title).toContain("Lipid Profile");
    expect(product.title.length).toBeLessThanOrEqual(60);
    expect(product.description).toContain("AED 149.00");
    expect(product.description.length).toBeLessThanOrEqual(155);
  });

  it("the rule-based writer gives nothing for unknown pages", async () => {
    expect(await writePageSeo("/product/no-such-test")).toBeNull();
    expect(await writePageSeo("/category/not-a-uuid")).toBeNull();
    expect(clip("one two three four five", 12)).toBe("one two…");
  });

  it("optimize rewrites a page's existing entry", async () => {
    await insertTest(db, { name: "Ferritin", priceFils: 8900 });
    await savePageSeo(PageSeoFormSchema.parse({ pagePath: "/product/ferritin", title: "Old", description: "Old text" }));
    const written = await optimizePage("/product/ferritin");
    expect(written?.title).toContain("Ferritin");
    const [row] = await db.select().from(pageSeo);
    expect(row.title).toBe(written?.title);
  });
});

describe("AI optimize", () => {
  it("saves what the OpenAI-compatible endpoint writes, sending the key and model", async () => {
    let request: { auth?: string; body?: { model: string } } = {};
    const base = await localServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        request = { auth: req.headers.authorization, body: JSON.parse(body) };
        const content = JSON.stringify({
          title: "Ferritin Blood Test Abu Dhabi",
          description: "Check your iron stores with a ferritin blood test in Abu Dhabi. Home collection, results in 24 hours.",
          keywords: "ferritin, iron test",
        });
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await insertTest(db, { name: "Ferritin", priceFils: 8900 });
    const written = await optimizePage("/product/ferritin", { apiKey: "sk-test", baseUrl: base, model: "tiny" });
    expect(written?.title).toBe("Ferritin Blood Test Abu Dhabi");
    expect(request).toMatchObject({ auth: "Bearer sk-test", body: { model: "tiny" } });
    expect((await db.select().from(pageSeo))[0].keywords).toBe("ferritin, iron test");
  });

  it("fails without saving when the endpoint answers nonsense", async () => {
    const base = await localServer((_req, res) => res.writeHead(200).end(JSON.stringify({ choices: [{ message: { content: "{}" } }] })));
    await insertTest(db, { name: "Ferritin", priceFils: 8900 });
    await expect(optimizePage("/product/ferritin", { apiKey: "k", baseUrl: base, model: "m" })).rejects.toThrow();
    expect(await db.select().from(pageSeo)).toHaveLength(0);
  });
});

describe("ping search engines", () => {
  it("reports each engine's answer and skips IndexNow without a key", async () => {
    const seen: string[] = [];
    const base = await localServer((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(200).end("ok");
    });
    const result = await pingSearchEngines("https://labtesthub.ae", { googleUrl: `${base}/ping` });
    expect(result).toEqual({ google: { status: "OK (200)" }, bing: { status: "skipped (INDEXNOW_KEY is not set)" } });
    expect(decodeURIComponent(seen[0])).toContain("sitemap=https://labtesthub.ae/sitemap.xml");
  });

  it("says a search engine is unreachable instead of failing", async () => {
    const result = await pingSearchEngines("https://labtesthub.ae", { googleUrl: "http://127.0.0.1:9/ping" });
    expect(result.google.status).toBe("unreachable");
  });
});
