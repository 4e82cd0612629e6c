// Defence in depth against cross-site request forgery, on top of SameSite=Lax session cookies and
// the forms' anti-CSRF tokens: a browser names the page a form or fetch came from in the Origin
// header (every browser does for a POST, PUT, PATCH or DELETE), so a change asked for by another
// site's page, or by a request that does not say where it came from, is refused before any action
// runs (decision 0023).
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Called by other programs, not browsers, and authenticated by their own means: the payment
 * provider's webhook (its signature) and npm run backup (this machine's address and the data
 * folder's token).
 */
const SERVER_TO_SERVER = new Set(["/api/stripe/webhook", "/api/backup"]);

export const CROSS_SITE_MESSAGE = "This request came from another site and was refused.";
export const NO_ORIGIN_MESSAGE = "This request did not say which page it came from and was refused.";

/** `siteUrl`: SITE_URL when configured; pages are always allowed to post to their own origin. */
export function refuseCrossSiteWrites(siteUrl: string | undefined) {
  const siteOrigin = siteUrl && new URL(siteUrl).origin;
  return function crossSiteWrites(req: Request, res: Response, next: NextFunction) {
    if (SAFE_METHODS.has(req.method) || SERVER_TO_SERVER.has(req.path)) return next();
    const origin = req.headers.origin;
    if (origin === undefined) {
      res.status(403).type("text/plain").send(NO_ORIGIN_MESSAGE);
      return;
    }
    const requestOrigin = `${req.protocol}://${req.host}`;
    if (origin === siteOrigin || origin === requestOrigin) return next();
    res.status(403).type("text/plain").send(CROSS_SITE_MESSAGE);
  };
}
