// A short-lived, per-process cache of the public catalogue pages as anonymous visitors see them.
// See docs/decisions/0006-anonymous-page-cache.md for why it exists and what it may serve.
import type { NextFunction, Request, Response } from "express";

/** The public pages in English and under /ar in Arabic (the same page in either language). */
const PUBLIC_PAGE =
  /^(\/ar(\.data)?|(\/ar)?\/(|search|resources|about|faqs|terms|privacy|cookies|labs|(product|category|blog|labs)\/[^/]+)(\.data)?)$/;
/** The cookies a public page is rendered from: the session (better-auth) and the flash toast. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.|toast=)/;
/**
 * Writes that never change what a public page shows: the cart, the profile, signing in and out,
 * password resets, the search page's click beacon, the funnel's counting beacon. Every other successful write (admin edits, orders and bookings, which move the
 * "next free slot" of the product and lab pages, payments) does, or may.
 */
const PRIVATE_WRITE = /^(\/ar)?\/(cart|profile|auth(\/[^/]+)?|api\/cart|api\/search-click|api\/funnel|api\/auth\/.*)(\.data)?$/;

/**
 * Writes of customers that change what public pages show only through the slots they fill or free
 * (orders, bookings and their changes, payments): the product pages' next free slots. Every other
 * write that is not private (the back office, and any path not listed here) may change the
 * catalogue itself.
 */
const CUSTOMER_WRITE =
  /^((\/ar)?\/(checkout|book\/[^/]+|dashboard(\/.*)?|payment-success)|\/demo-checkout\/[^/]+|\/api\/stripe\/webhook)(\.data)?$/;

/** True when a successful non-GET request to this path may change what a public page shows. */
export function changesPublicPages(path: string) {
  return !PRIVATE_WRITE.test(path);
}

/**
 * What a successful non-GET request to this path may have changed: "catalog" (tests, offers, labs,
 * categories, content: every public page and the shared catalogue data), "pages" (slots: the
 * product pages' comparison), or nothing public (null).
 */
export function changeOfWrite(path: string): "catalog" | "pages" | null {
  if (!changesPublicPages(path)) return null;
  return CUSTOMER_WRITE.test(path) ? "pages" : "catalog";
}

type Entry = {
  expires: number;
  contentType: string;
  /** The CSP nonce the page was rendered with; replaced by each response's own. */
  nonce: string;
  /** The id of the request that rendered the page (in its head); replaced by each response's own. */
  requestId: string;
  /** The page's own policy (it admits the analytics hosts when the page loads analytics). */
  contentSecurityPolicy: string;
  body: string;
};

type PageCacheOptions = {
  ttlSeconds: number;
  maxEntries: number;
  /** Hands the cache's clear() to the change feed, which calls it when any process changed public data. */
  subscribe?: (clear: () => void) => void;
  /**
   * Tells every process (this one included) that a public page may have changed, and what kind of
   * change it was (changeOfWrite). Called whether or not pages are cached (ttlSeconds 0), since
   * the shared catalogue data listens too.
   */
  publish?: (change: "catalog" | "pages") => void;
};

export function createPageCache({ ttlSeconds, maxEntries, subscribe, publish }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Bumped by every clear: a render that began before a clear may hold old data and is not kept. */
  let generation = 0;
  function clear() {
    entries.clear();
    generation += 1;
  }
  if (ttlSeconds > 0) subscribe?.(clear);
  /** Pages being rendered now: later requests for the same page wait for that render. */
  const rendering = new Map<string, Promise<void>>();

  function lookup(key: string) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expires <= Date.now()) return undefined;
    entries.set(key, entry); // most recently used last
    return entry;
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return function pageCache(req: Request, res: Response, next: NextFunction) {
    if (req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (req.method !== "GET") {
      // A successful write that may change a public page (an admin edit, an order) empties this
      // process's cache at once and, through publish(), every process's within tens of milliseconds.
      const change = changeOfWrite(req.path);
      if (change) {
        res.on("finish", () => {
          if (res.statusCode >= 400) return;
          clear();
          publish?.(change);
        });
      }
      return next();
    }
    if (ttlSeconds <= 0) return next();
    const cacheable = PUBLIC_PAGE.test(req.path) && !PERSONAL_COOKIE.test(req.headers.cookie ?? "");
    if (!cacheable) return next();

    const key = `${req.headers.host ?? ""}${req.originalUrl}`;
    const inFlight = rendering.get(key);
    if (inFlight) {
      // Once the first render is done, serve what it stored (or render too, if it stored nothing).
      void inFlight.then(() => (serveHit(key, res) ? undefined : renderAndStore(key, res, next)));
      return;
    }
    if (!serveHit(key, res)) renderAndStore(key, res, next);
  };

  function serveHit(key: string, res: Response) {
    const hit = lookup(key);
    if (!hit) return false;
    const nonce = String(res.locals.nonce ?? "");
    const requestId = String(res.locals.requestId ?? "");
    const withNonce = (text: string) => (hit.nonce ? text.replaceAll(hit.nonce, nonce) : text);
    const withIds = (text: string) => {
      const renewed = withNonce(text);
      return hit.requestId && requestId ? renewed.replaceAll(hit.requestId, requestId) : renewed;
    };
    res.setHeader("Content-Type", hit.contentType);
    if (hit.contentSecurityPolicy) res.setHeader("Content-Security-Policy", withNonce(hit.contentSecurityPolicy));
    res.setHeader("X-Page-Cache", "hit");
    res.end(withIds(hit.body));
    return true;
  }

  function renderAndStore(key: string, res: Response, next: NextFunction) {
    const nonce = String(res.locals.nonce ?? "");
    const renderedIn = generation;
    if (!rendering.has(key)) {
      rendering.set(
        key,
        new Promise<void>((resolve) =>
          res.once("close", () => {
            rendering.delete(key);
            resolve();
          }),
        ),
      );
    }
    res.setHeader("X-Page-Cache", "miss");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown) => {
      if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk);
      const contentType = String(res.getHeader("Content-Type") ?? "");
      const cacheControl = String(res.getHeader("Cache-Control") ?? "");
      const personal = res.getHeader("Set-Cookie") || /no-store|private/.test(cacheControl);
      if (res.statusCode === 200 && contentType && !personal && generation === renderedIn) {
        store(key, {
          expires: Date.now() + ttlSeconds * 1000,
          contentType,
          nonce,
          requestId: String(res.locals.requestId ?? ""),
          contentSecurityPolicy: String(res.getHeader("Content-Security-Policy") ?? ""),
          body: Buffer.concat(chunks).toString("utf8"),
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }
}
