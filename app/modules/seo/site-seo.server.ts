import { eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { pageSeo, seoSettings } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { canonicalUrl, isNoindexPath } from "./canonical";

export const DEFAULT_SITE_TITLE = "LabTest Hub";
export const DEFAULT_LOCALE = "en_AE";

/** What every page's head needs: the public site settings, this path's overrides, its canonical URL. */
export async function loadSiteSeo(executor: Executor, request: Request) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const [[settings], [page]] = await Promise.all([
    executor.select().from(seoSettings).where(eq(seoSettings.id, 1)),
    executor
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
  const siteUrl = (settings?.siteUrl || getEnv().siteUrl).replace(/\/+$/, "");
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
    /** Set only when the configured site_url asks for another host or protocol (see siteRedirect). */
    redirectTo: siteRedirect(request, settings?.siteUrl ?? null),
  };
}

export type SiteSeo = Awaited<ReturnType<typeof loadSiteSeo>>;

const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * The address to redirect to when the request reached the site under another host or protocol
 * than the configured site_url. Deliberately careful, since a wrong redirect takes the site down:
 * only in production, only for GET/HEAD, never for local addresses (health checks, tests, a
 * server reached directly), and the protocol is compared only when a proxy states it
 * (X-Forwarded-Proto), so a TLS-terminating proxy without that header cannot cause a loop.
 */
export function siteRedirect(request: Request, configuredSiteUrl: string | null, production = getEnv().NODE_ENV === "production") {
  if (!production || !configuredSiteUrl) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  let target: URL;
  try {
    target = new URL(configuredSiteUrl);
  } catch {
    return null;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return null;
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || request.headers.get("host") || url.host;
  if (LOCAL_HOSTS.test(host)) return null;
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0].trim();
  const hostDiffers = host.toLowerCase() !== target.host.toLowerCase();
  const protocolDiffers = !!forwardedProto && `${forwardedProto}:` !== target.protocol;
  if (!hostDiffers && !protocolDiffers) return null;
  return `${target.protocol}//${target.host}${url.pathname}${url.search}`;
}
