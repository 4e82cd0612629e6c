// Defence in depth against cross-site request forgery, on top of SameSite=Lax session cookies:
// a browser names the page a form or fetch came from in the Origin header, so a change asked
// for by another site's page is refused before any action runs.
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Called by other servers, not browsers, and authenticated by their own signature. */
const SERVER_TO_SERVER = new Set(["/api/stripe/webhook"]);

/** `siteUrl`: SITE_URL when configured; pages are always allowed to post to their own origin. */
export function refuseCrossSiteWrites(siteUrl: string | undefined) {
  const siteOrigin = siteUrl && new URL(siteUrl).origin;
  return function crossSiteWrites(req: Request, res: Response, next: NextFunction) {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || origin === undefined || SERVER_TO_SERVER.has(req.path)) return next();
    const requestOrigin = `${req.protocol}://${req.host}`;
    if (origin === siteOrigin || origin === requestOrigin) return next();
    res.status(403).type("text/plain").send("This request came from another site and was refused.");
  };
}
