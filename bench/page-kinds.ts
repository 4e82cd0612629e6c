// The page kinds the benchmarks request, with real addresses sampled from the running site's
// sitemap (so the same code serves PGlite and PostgreSQL servers without reading their database).
import { SORT_OPTIONS } from "~/modules/catalog/search-params";

export type PageKind = { kind: string; urls: string[]; signedIn?: boolean };

const QUERIES = ["vitamin d", "thyroid", "ferritin", "lipid profile", "hba1c", "cholesterol", "allergy panel", "iron"];
const pick = <T>(list: T[], i: number) => list[i % list.length];

async function text(url: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Product slugs, category ids and lab slugs listed in the sitemap (its first two parts). */
export async function sampleSite(base: string) {
  let xml = await text(`${base}/sitemap.xml`);
  if (xml.includes("<sitemapindex")) xml = (await text(`${base}/sitemap.xml?part=1`)) + (await text(`${base}/sitemap.xml?part=2`));
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const after = (prefix: string) => paths.filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
  const spread = <T>(list: T[], n: number) => (list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]));
  return {
    products: spread(after("/product/"), 40),
    categories: after("/category/"),
    labs: after("/labs/").filter(Boolean),
  };
}

/** The test ids on a product page (for filling a cart): uuids in its hydration data. */
export async function testIdsFromProducts(base: string, slugs: string[], wanted: number) {
  const ids: string[] = [];
  for (const slug of slugs) {
    if (ids.length >= wanted) break;
    const html = await text(`${base}/product/${slug}`);
    // The product's JSON-LD names the test by its id (`sku`); the loader data's first id may be another row's.
    const match = /"sku":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(html);
    if (match) ids.push(match[1]);
  }
  return ids;
}

export function anonymousKinds({ products, categories, labs }: Awaited<ReturnType<typeof sampleSite>>, full = false): PageKind[] {
  const sorts = SORT_OPTIONS.map((option) => option.value);
  const kinds: PageKind[] = [
    { kind: "home", urls: ["/"] },
    { kind: "search q", urls: QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`) },
    { kind: "search category", urls: categories.map((id, i) => `/search?category=${id}${i % 2 ? "&page=3" : ""}`) },
    { kind: "search sort", urls: sorts.flatMap((sort) => [`/search?sort=${sort}`, `/search?sort=${sort}&page=20`]) },
    { kind: "product", urls: products.map((slug) => `/product/${slug}`) },
    { kind: "category", urls: categories.map((id, i) => `/category/${id}${i % 2 ? "?page=2" : ""}`) },
    { kind: "labs directory", urls: ["/labs"] },
    { kind: "lab page", urls: labs.map((lab, i) => `/labs/${lab}${i % 2 ? "?page=3" : ""}`) },
  ];
  if (full) {
    kinds.push(
      { kind: "search q typo", urls: ["vitamn d", "cholestrol", "ferritn", "thyriod"].map((q) => `/search?q=${encodeURIComponent(q)}`) },
      { kind: "search q + sort", urls: sorts.map((sort, i) => `/search?q=${encodeURIComponent(pick(QUERIES, i))}&sort=${sort}`) },
      { kind: "search lab", urls: labs.map((lab, i) => `/search?lab=${lab}${i % 2 ? "&sort=price-asc" : ""}`) },
      { kind: "search home", urls: ["/search?home=1", "/search?home=1&sort=price-asc", "/search?home=1&page=20"] },
      { kind: "lab page q", urls: labs.map((lab, i) => `/labs/${lab}?q=${encodeURIComponent(pick(QUERIES, i).split(" ")[0])}`) },
    );
  }
  return kinds.filter((kind) => kind.urls.length > 0);
}

/** What a signed-in customer with a filled cart asks for most. */
export function signedInKinds({ products }: Awaited<ReturnType<typeof sampleSite>>): PageKind[] {
  return [
    { kind: "dashboard", urls: ["/dashboard"], signedIn: true },
    { kind: "cart", urls: ["/cart"], signedIn: true },
    { kind: "product", urls: products.map((slug) => `/product/${slug}`), signedIn: true },
    { kind: "checkout review", urls: ["/checkout"], signedIn: true },
    { kind: "home", urls: ["/"], signedIn: true },
    { kind: "search q", urls: QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`), signedIn: true },
  ];
}
