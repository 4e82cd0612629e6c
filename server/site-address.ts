// One address for the site, and no other host. Cookies belong to a host, so a visitor who signs in
// on one address (127.0.0.1) and is sent back to another (localhost) by a payment provider arrives
// signed out; and every absolute link the app builds (a password-reset e-mail, a payment's return
// address) must name the site, never a host an attacker wrote into the request (decision 0022).
// - With a configured site URL (SITE_URL, else the SEO settings' site URL) page requests on
//   another host or protocol are redirected to it and any other request there gets 400.
// - Without one, a request whose host is not on the allow-list (this machine's addresses and
//   ALLOWED_HOSTS) gets 400; the others build their links from the host they came to.
import type { NextFunction, Request, Response } from "express";
import { siteRedirect } from "~/modules/seo/site-seo.server";
import { allowedHostname } from "~/utils/allowed-hosts.server";
import { withRequestOrigin } from "~/utils/site-url.server";

const SAFE_METHODS = new Set(["GET", "HEAD"]);
/**
 * Called on this machine's own address by a script (npm run backup posts to 127.0.0.1:PORT), and
 * refusing every other caller itself; it builds no link.
 */
const LOCAL_ENDPOINTS = new Set(["/api/backup"]);

export const WRONG_HOST_MESSAGE = "This site does not answer under the address this request was sent to.";

type SiteAddressOptions = {
  /** SITE_URL, when set: it wins over the SEO setting. */
  siteUrl: string | undefined;
  /** The site URL of the admin's SEO settings (cached by the caller). */
  seoSiteUrl: () => Promise<string | null>;
  /** Without a configured site URL, the host names a request may come to (see allowed-hosts.server.ts). */
  allowedHosts: readonly string[];
  /** Called after a change succeeded, since it may have been a new SEO site URL. */
  onChange: () => void;
};

/**
 * A request whose target is an absolute URL (`POST http://host/path HTTP/1.1`) names its host
 * there, and the Host header is ignored (RFC 9112, 3.2.2): the middleware continues with the
 * target's host as Host and its path as the URL. False when the target is not an http(s) URL.
 */
function adoptAbsoluteTarget(req: Request): boolean {
  if (req.url.startsWith("/")) return true;
  let target: URL;
  try {
    target = new URL(req.url);
  } catch {
    return false;
  }
  if ((target.protocol !== "http:" && target.protocol !== "https:") || target.username || target.password) return false;
  req.headers.host = target.host;
  req.url = req.originalUrl = `${target.pathname}${target.search}`;
  return true;
}

function refuse(res: Response) {
  res.status(400).type("text/plain").send(WRONG_HOST_MESSAGE);
}

/**
 * The middleware: redirects to the configured site address or refuses a request on another host,
 * and otherwise handles the request with its own origin (req.protocol and req.host follow
 * TRUST_PROXY) as the current one. Health checks are answered before it and static files by
 * server/index.js.
 */
export function siteAddress({ siteUrl, seoSiteUrl, allowedHosts, onChange }: SiteAddressOptions) {
  return async function siteAddressMiddleware(req: Request, res: Response, next: NextFunction) {
    if (!adoptAbsoluteTarget(req)) return refuse(res);
    if (LOCAL_ENDPOINTS.has(req.path)) return next();
    const safe = SAFE_METHODS.has(req.method);
    // A database hiccup must not take every page down with it: the page reports its own error.
    const configured = siteUrl ?? (await seoSiteUrl().catch(() => null));
    if (configured) {
      const to = siteRedirect(req, configured);
      if (to) return safe ? res.redirect(301, to) : refuse(res);
    } else if (!allowedHostname(req.host, allowedHosts)) {
      return refuse(res);
    }
    let origin: string;
    try {
      origin = new URL(`${req.protocol}://${req.host}`).origin;
    } catch {
      return refuse(res);
    }
    if (!safe) {
      res.on("finish", () => {
        if (res.statusCode < 400) onChange();
      });
    }
    withRequestOrigin(origin, next);
  };
}
