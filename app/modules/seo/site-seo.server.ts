import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { pageSeo, seoSettings } from "~/db/schema";
import { currentSiteUrl } from "~/utils/site-url.server";
import { canonicalUrl } from "~/modules/seo/canonical";
import { isNoindexPath } from "~/modules/seo/private-paths";
import { DEFAULT_LOCALE, DEFAULT_SITE_DESCRIPTION, DEFAULT_SITE_TITLE } from "~/modules/seo/seo-defaults";
import { announceChange, onChange } from "~/utils/change-feed.server";


/** Without the change feed (tests, scripts) the settings are read again after this long. */
const UNWATCHED_TTL_MS = 10_000;
/** With the change feed an edit clears the cache at once; this only bounds a lost notification. */
const WATCHED_TTL_MS = 5 * 60_000;
/** Paths whose own SEO entry (or its absence) is kept; the least recently used go first. */
const MAX_CACHED_PATHS = 5_000;

type Cached<T> = { value: Promise<T>; expires: number };
type PageSeoEntry = Pick<typeof pageSeo.$inferSelect, "title" | "description" | "keywords" | "ogImage" | "canonicalUrl">;

let watched = false;
let settingsCache: Cached<typeof seoSettings.$inferSelect | undefined> | undefined;
const pageCache = new Map<string, Cached<PageSeoEntry | null>>();

/** Keeps a read until it expires; a failed read is not kept, so the next request asks again. */
function remember<T>(read: () => Promise<T>, store: (entry: Cached<T> | undefined) => void, ttl: number): Cached<T> {
  const entry: Cached<T> = { value: read(), expires: Date.now() + ttl };
  store(entry);
  entry.value.catch(() => store(undefined));
  return entry;
}

function siteSettings() {
  if (!settingsCache || settingsCache.expires <= Date.now()) {
    remember(
      () => db.select().from(seoSettings).where(eq(seoSettings.id, 1)).then(([row]) => row),
      (entry) => (settingsCache = entry),
      watched ? WATCHED_TTL_MS : UNWATCHED_TTL_MS,
    );
  }
  return settingsCache!.value;
}

function readPageSeo(path: string) {
  return db
    .select({
      title: pageSeo.title,
      description: pageSeo.description,
      keywords: pageSeo.keywords,
      ogImage: pageSeo.ogImage,
      canonicalUrl: pageSeo.canonicalUrl,
    })
    .from(pageSeo)
    .where(eq(pageSeo.pagePath, path))
    .then(([row]) => row ?? null);
}

function cachedPageSeo(path: string) {
  const hit = pageCache.get(path);
  pageCache.delete(path);
  if (hit && hit.expires > Date.now()) {
    pageCache.set(path, hit); // most recently used last
    return hit.value;
  }
  const entry = remember(
    () => readPageSeo(path),
    (kept) => (kept ? pageCache.set(path, kept) : pageCache.delete(path)),
    WATCHED_TTL_MS,
  );
  while (pageCache.size > MAX_CACHED_PATHS) pageCache.delete(pageCache.keys().next().value!);
  return entry.value;
}

/**
 * Keeps the SEO settings and page entries in this process while the change feed runs (called by
 * start-up after the feed has started; returns stop). Every page reads them, so without it each
 * request costs two queries; an admin's edit in any process clears them through the feed.
 */
export function watchSiteSeo(): () => void {
  watched = true;
  forgetSiteSeo();
  const unsubscribe = onChange("settings", forgetSiteSeo);
  return () => {
    unsubscribe();
    watched = false;
    forgetSiteSeo();
  };
}

/** Forgets what this process holds of the SEO settings and page entries. */
export function forgetSiteSeo() {
  settingsCache = undefined;
  pageCache.clear();
}

/** After a saved change to the SEO settings or a page's entry: every process reads them again. */
export async function siteSeoChanged() {
  forgetSiteSeo();
  await announceChange("settings", "within minutes");
}

/** What every page's head needs: the public site settings, this path's overrides, its canonical URL. */
export async function loadSiteSeo(request: Request) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const [settings, page] = watched
    ? await Promise.all([siteSettings(), cachedPageSeo(path)])
    : await Promise.all([db.select().from(seoSettings).where(eq(seoSettings.id, 1)).then(([row]) => row), readPageSeo(path)]);
  const siteUrl = (settings?.siteUrl || currentSiteUrl()).replace(/\/+$/, "");
  return {
    site: {
      title: settings?.siteTitle ?? DEFAULT_SITE_TITLE,
      description: settings?.siteDescription || DEFAULT_SITE_DESCRIPTION,
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
    page,
    canonicalUrl: page?.canonicalUrl || canonicalUrl(siteUrl, url),
    noindex: isNoindexPath(path),
  };
}

export type SiteSeo = Awaited<ReturnType<typeof loadSiteSeo>>;

/**
 * The site URL set in the admin's SEO settings (null when empty): the server consults it on every
 * page request to send visitors to the site's address. Kept as the settings are (see watchSiteSeo),
 * and for 10 seconds without the change feed.
 */
export function cachedSeoSiteUrl(): Promise<string | null> {
  return siteSettings().then((settings) => settings?.siteUrl || null);
}

/** What siteRedirect reads of a request (an Express request fits). */
export type RequestAddress = { originalUrl: string; get(header: string): string | undefined };

/** The configured site URL when it is an http(s) address (a mistyped setting counts as none), else null. */
export function usableSiteUrl(configuredSiteUrl: string | null | undefined): URL | null {
  if (!configuredSiteUrl) return null;
  try {
    const url = new URL(configuredSiteUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The same path on the configured site URL when the request came to another host or protocol;
 * null: it came to the site's address (or no usable site URL is configured). The server redirects
 * a page request (GET, HEAD) there and refuses any other (server/site-address.ts). Decided from
 * what the nearest proxy states (X-Forwarded-Host, X-Forwarded-Proto) even without TRUST_PROXY:
 * a redirect only affects whoever sent the request, and a proxy whose headers were ignored would
 * be sent back to itself for ever. Without X-Forwarded-Proto the protocol is not compared, as this
 * server never sees TLS itself.
 */
export function siteRedirect(request: RequestAddress, configuredSiteUrl: string | null): string | null {
  const target = usableSiteUrl(configuredSiteUrl);
  if (!target) return null;
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
