import { AsyncLocalStorage } from "node:async_hooks";
import { getEnv, type Env } from "~/utils/env.server";

// The origin each request came to, set by the server (server/site-address.ts) around the request's
// handling once it has checked the host. The helpers that build absolute URLs or cookies (better-auth, payment return
// addresses, flash cookies) are called deep inside actions that have no Request at hand.
const requestOrigin = new AsyncLocalStorage<string>();

/** Runs `handle` with `origin` as the current request's origin (scheme://host[:port]). */
export function withRequestOrigin<T>(origin: string, handle: () => T): T {
  return requestOrigin.run(origin, handle);
}

/**
 * The public address of the site: SITE_URL when configured; otherwise the origin the current
 * request came to, which server/site-address.ts has checked (the configured SEO site URL's host,
 * or a host on the allow-list: this machine's addresses and ALLOWED_HOSTS), so the site works on
 * localhost and a LAN address but never builds a link to a host a request merely named.
 * Outside a request (jobs, scripts, tests): http://localhost:PORT.
 */
export function currentSiteUrl(env: Env = getEnv()): string {
  return env.siteUrl ?? requestOrigin.getStore() ?? `http://localhost:${env.PORT}`;
}

/** Whether cookies set now should be Secure: the site is reached over HTTPS. */
export function secureCookies(env: Env = getEnv()): boolean {
  return currentSiteUrl(env).startsWith("https://");
}
