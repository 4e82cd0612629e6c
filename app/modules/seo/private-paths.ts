// The one list of private paths (spec: site-wide SEO head). robots.txt disallows them, the root's
// head marks every page under them noindex (SiteHead), and their routes take their title from
// privatePageMeta. Client-safe: route meta functions run in the browser too.
import type { MetaDescriptor } from "react-router";
import { pathWithoutLanguage } from "~/i18n/languages";

/**
 * Signed-in, transactional and back-office areas: kept out of search engines. `/user` is the
 * spec's name for account pages; the app's are /dashboard and /profile.
 */
export const PRIVATE_PATHS = [
  "/admin",
  "/partner",
  "/auth",
  "/user",
  "/dashboard",
  "/profile",
  "/cart",
  "/book",
  "/checkout",
  "/demo-checkout",
  "/payment-success",
  // Lab results, their downloads and shared links (issue 28).
  "/results",
] as const;

/** Never indexed, but crawled: search engines must reach the sitemaps. */
const NOINDEX_ONLY_PATHS = ["/notfound", "/sitemap"];

const SITE_TITLE = "LabTest Hub";

/**
 * Whether a page at `pathname`, in either language (/cart and /ar/cart), is kept out of search
 * results: under a private path or the sitemap.
 */
export function isNoindexPath(path: string): boolean {
  const pathname = pathWithoutLanguage(path);
  return [...PRIVATE_PATHS, ...NOINDEX_ONLY_PATHS].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`),
  );
}

/** The head of a page under a private path: its title (its noindex tag comes from SiteHead). */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${SITE_TITLE}` }];
}

/** The head of a public page that answered 404 (a missing test, category or post): never indexed. */
export function notFoundPageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${SITE_TITLE}` }, { name: "robots", content: "noindex" }];
}
