// One address for the site. Cookies belong to a host, so a visitor who signs in on one address
// (127.0.0.1) and is sent back to another (localhost) by a payment provider arrives signed out.
// With a configured site URL, page requests to another host or protocol are redirected to it;
// without one, every URL the app builds uses the address the request came to.
import type { NextFunction, Request, Response } from "express";
import { siteRedirect } from "~/modules/seo/site-seo.server";
import { withRequestOrigin } from "~/utils/site-url.server";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

type SiteAddressOptions = {
  /** SITE_URL, when set: it wins over the SEO setting. */
  siteUrl: string | undefined;
  /** The site URL of the admin's SEO settings (cached by the caller). */
  seoSiteUrl: () => Promise<string | null>;
  /** Called after a change succeeded, since it may have been a new SEO site URL. */
  onChange: () => void;
};

/**
 * The middleware: redirects to the configured site address when needed, and otherwise handles
 * the request with its own origin (req.protocol and req.host follow TRUST_PROXY) as the current
 * one. Health checks are answered before it and static files by server/index.js.
 */
export function siteAddress({ siteUrl, seoSiteUrl, onChange }: SiteAddressOptions) {
  return async function siteAddressMiddleware(req: Request, res: Response, next: NextFunction) {
    let origin: string;
    try {
      origin = new URL(`${req.protocol}://${req.host}`).origin;
    } catch {
      res.status(400).type("text/plain").send("Bad Request");
      return;
    }
    if (SAFE_METHODS.has(req.method)) {
      // A database hiccup must not take every page down with it: the page reports its own error.
      const configured = siteUrl ?? (await seoSiteUrl().catch(() => null));
      const to = siteRedirect(req, configured);
      if (to) return res.redirect(301, to);
    } else {
      res.on("finish", () => {
        if (res.statusCode < 400) onChange();
      });
    }
    withRequestOrigin(origin, next);
  };
}
