import { getEnv } from "~/utils/env.server";

export type PingResult = { google: { status: string }; bing: { status: string } };

export const INDEXNOW_KEY_PATH = "/indexnow-key.txt";

async function ping(url: string, fetchImpl: typeof fetch) {
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000), redirect: "manual" });
    await response.body?.cancel();
    return response.ok ? `OK (${response.status})` : `answered ${response.status}`;
  } catch {
    return "unreachable";
  }
}

/**
 * Tells search engines that the sitemap changed: Google through its sitemap ping address, Bing
 * (and the other IndexNow engines) through IndexNow when INDEXNOW_KEY is set.
 */
export async function pingSearchEngines(
  siteUrl: string,
  options: { fetch?: typeof fetch; googleUrl?: string; indexNowUrl?: string } = {},
): Promise<PingResult> {
  const fetchImpl = options.fetch ?? fetch;
  const sitemap = `${siteUrl}/sitemap.xml`;
  const key = getEnv().INDEXNOW_KEY;
  const googleUrl = `${options.googleUrl ?? "https://www.google.com/ping"}?sitemap=${encodeURIComponent(sitemap)}`;
  const indexNowUrl =
    `${options.indexNowUrl ?? "https://api.indexnow.org/indexnow"}?url=${encodeURIComponent(sitemap)}` +
    `&key=${encodeURIComponent(key ?? "")}&keyLocation=${encodeURIComponent(`${siteUrl}${INDEXNOW_KEY_PATH}`)}`;
  const [google, bing] = await Promise.all([
    ping(googleUrl, fetchImpl),
    key ? ping(indexNowUrl, fetchImpl) : Promise.resolve("skipped (INDEXNOW_KEY is not set)"),
  ]);
  return { google: { status: google }, bing: { status: bing } };
}
