import { robotsTxt } from "~/modules/seo/feeds.server";

export async function loader() {
  return new Response(await robotsTxt(), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
