import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { STATIC_SITEMAP_PATHS } from "~/modules/seo/feeds.server";
import type { PageFilter } from "~/modules/seo/schemas";

export type PageType = "static" | "test" | "category" | "blog";
export type KnownPage = {
  path: string;
  type: PageType;
  name: string;
  seoTitle: string | null;
  seoDescription: string | null;
  ogImage: string | null;
};

export const KNOWN_PAGES_PAGE_SIZE = 50;

/** Every page the site lists for search engines (spec: pages auto-listed), as one SQL relation. */
function knownPagesSql() {
  const statics = sql.join(
    STATIC_SITEMAP_PATHS.map((path) => sql`(${path}::text, 'static'::text, ${path}::text)`),
    sql`, `,
  );
  return sql`
    select * from (values ${statics}) as s(path, type, name)
    union all select '/product/' || slug, 'test', name from tests
    union all select '/category/' || id::text, 'category', name from test_categories
    union all select '/blog/' || slug, 'blog', title from blog_posts where is_published`;
}

function filterSql(filter: PageFilter) {
  if (filter === "missing") return sql`where s.id is null`;
  if (filter === "present") return sql`where s.id is not null`;
  return sql``;
}

export async function listKnownPages(filter: PageFilter, page: number) {
  const rows = await db.execute<KnownPage & { total: number }>(sql`
    select p.path, p.type, p.name, s.title as "seoTitle", s.description as "seoDescription",
      s.og_image as "ogImage", count(*) over ()::int as total
    from (${knownPagesSql()}) p
    left join page_seo s on s.page_path = p.path
    ${filterSql(filter)}
    order by case p.type when 'static' then 0 when 'category' then 1 when 'blog' then 2 else 3 end, p.path
    limit ${KNOWN_PAGES_PAGE_SIZE} offset ${(page - 1) * KNOWN_PAGES_PAGE_SIZE}`);
  const total = Number(rows.rows[0]?.total ?? 0);
  return { pages: rows.rows.map(({ total: _total, ...page }) => page as KnownPage), total };
}

/** Pages without an SEO entry, up to `limit`, with the facts the SEO writer needs; and how many there are. */
export async function pagesMissingSeo(limit: number) {
  const rows = await db.execute<{ path: string; type: PageType; total: number }>(sql`
    select p.path, p.type, count(*) over ()::int as total
    from (${knownPagesSql()}) p
    left join page_seo s on s.page_path = p.path
    where s.id is null
    order by p.type, p.path
    limit ${limit}`);
  return { pages: rows.rows.map(({ path, type }) => ({ path, type })), total: Number(rows.rows[0]?.total ?? 0) };
}

export function pageTypeOf(path: string): PageType {
  if (path.startsWith("/product/")) return "test";
  if (path.startsWith("/category/")) return "category";
  if (path.startsWith("/blog/")) return "blog";
  return "static";
}
