import type { Route } from "./+types/sitemap.xml";
import { parsePage } from "~/modules/catalog/search-params";
import { sitemapXml } from "~/modules/seo/feeds.server";

export async function loader({ request }: Route.LoaderArgs) {
  const rawPart = new URL(request.url).searchParams.get("part");
  const xml = await sitemapXml(rawPart === null ? null : parsePage(rawPart));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
