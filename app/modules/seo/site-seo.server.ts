import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { pageSeo, seoSettings } from "~/db/schema";
import { currentSiteUrl } from "~/utils/site-url.server";
import { canonicalUrl } from "~/modules/seo/canonical";
import { isNoindexPath } from "~/modules/seo/private-paths";

const DEFAULT_SITE_TITLE = "LabTest Hub";
const DEFAULT_LOCALE = "en_AE";

/** What every page's head needs: the public site settings, this path's overrides, its canonical URL. */
export async function loadSiteSeo(request: Request) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const [[settings], [page]] = await Promise.all([
    db.select().from(seoSettings).where(eq(seoSettings.id, 1)),
    db
      .select({
        title: pageSeo.title,
        description: pageSeo.description,
        keywords: pageSeo.keywords,
        ogImage: pageSeo.ogImage,
        canonicalUrl: pageSeo.canonicalUrl,
      })
      .from(pageSeo)
      .where(eq(pageSeo.pagePath, path)),
  ]);
  const siteUrl = (settings?.siteUrl || currentSiteUrl()).replace(/\/+$/, "");
  return {
    site: {
      title: settings?.siteTitle ?? DEFAULT_SITE_TITLE,
      description: settings?.siteDescription ?? "",
      url: siteUrl,
      defaultOgImage: settings?.defaultOgImage ?? null,
      googleAnalyticsId: settings?.googleAnalyticsId ?? null,
      googleSiteVerification: settings?.googleSiteVerification ?? null,
      bingSiteVerification: settings?.bingSiteVerification ?? null,
      locale: settings?.siteLocale ?? DEFAULT_LOCALE,
      twitterSite: settings?.twitterSite ?? null,
      twitterCreator: settings?.twitterCreator ?? null,
      contactPhone: settings?.contactPhone ?? null,
      contactEmail: settings?.contactEmail ?? null,
      sameAs: settings?.sameAs ?? [],
    },
    page: page ?? null,
    canonicalUrl: page?.canonicalUrl || canonicalUrl(siteUrl, url),
    noindex: isNoindexPath(path),
  };
}

export type SiteSeo = Awaited<ReturnType<typeof loadSiteSeo>>;

/** How long a process keeps the admin's site URL before reading it again. */
const SEO_SITE_URL_TTL_MS = 10_000;
let seoSiteUrlCache: { value: Promise<string | null>; expires: number } | undefined;

/**
 * The site URL set in the admin's SEO settings (null when empty), read at most every 10 seconds:
 * the server consults it on every page request to send visitors to the site's address.
 */
export function cachedSeoSiteUrl(): Promise<string | null> {
  if (!seoSiteUrlCache || seoSiteUrlCache.expires <= Date.now()) {
    const value = db
      .select({ siteUrl: seoSettings.siteUrl })
      .from(seoSettings)
      .where(eq(seoSettings.id, 1))
      .then(([settings]) => settings?.siteUrl || null);
    const entry = { value, expires: Date.now() + SEO_SITE_URL_TTL_MS };
    seoSiteUrlCache = entry;
    // A failed read is not kept: the next request asks again.
    value.catch(() => {
      if (seoSiteUrlCache === entry) seoSiteUrlCache = undefined;
    });
  }
  return seoSiteUrlCache.value;
}

/** Forgets the cached site URL, so a change saved in this process applies to the next request. */
export function forgetSeoSiteUrl() {
  seoSiteUrlCache = undefined;
}

/** What siteRedirect reads of a request (an Express request fits). */
export type RequestAddress = { method: string; originalUrl: string; get(header: string): string | undefined };

/**
 * Where to send a page request (GET or HEAD) that came to another host or protocol than the
 * configured site URL; null: serve it here. Decided from what the nearest proxy states
 * (X-Forwarded-Host, X-Forwarded-Proto) even without TRUST_PROXY: a redirect only affects whoever
 * sent the request, and a proxy whose headers were ignored would be sent back to itself for ever.
 * Without X-Forwarded-Proto the protocol is not compared, as this server never sees TLS itself.
 */
export function siteRedirect(request: RequestAddress, configuredSiteUrl: string | null): string | null {
  if (!configuredSiteUrl || (request.method !== "GET" && request.method !== "HEAD")) return null;
  let target: URL;
  try {
    target = new URL(configuredSiteUrl);
  } catch {
    return null;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return null;
  const host = firstValue(request.get("x-forwarded-host")) ?? request.get("host") ?? "";
  const protocol = firstValue(request.get("x-forwarded-proto"));
  const hostDiffers = normalHost(host, protocol ?? target.protocol) !== target.host;
  const protocolDiffers = protocol !== undefined && `${protocol}:` !== target.protocol;
  return hostDiffers || protocolDiffers ? `${target.origin}${request.originalUrl}` : null;
}

function firstValue(header: string | undefined) {
  return header?.split(",")[0].trim() || undefined;
}

/** `host` as URL#host writes it: lower case, without the protocol's default port. */
function normalHost(host: string, protocol: string) {
  try {
    return new URL(`${protocol.replace(/:$/, "")}://${host}`).host;
  } catch {
    return host.toLowerCase();
  }
}
