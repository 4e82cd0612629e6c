/** Query parameters that only track where a visitor came from; canonical URLs drop them. */
const TRACKING_PARAMS = new Set(["gclid", "fbclid", "ref"]);

const isTracking = (name: string) => TRACKING_PARAMS.has(name.toLowerCase()) || name.toLowerCase().startsWith("utm_");

/**
 * The canonical address of a page on the site origin: tracking parameters (utm_*, gclid, fbclid,
 * ref) and the trailing slash removed, other parameters kept in order.
 */
export function canonicalUrl(siteUrl: string, requestUrl: string | URL): string {
  const url = new URL(requestUrl);
  const params = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (!isTracking(name)) params.append(name, value);
  const path = url.pathname.replace(/\/+$/, "");
  const query = params.toString();
  return `${siteUrl.replace(/\/+$/, "")}${path}${query ? `?${query}` : ""}` || "/";
}
