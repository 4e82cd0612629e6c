import { createHmac, timingSafeEqual } from "node:crypto";
import { CSRF_FIELD, FORM_EXPIRED_MESSAGE } from "~/components/csrf-field";
import { logger } from "~/utils/logger.server";
import { getSecret } from "~/utils/secret.server";
import { sessionCookieOf } from "~/utils/session-cookie.server";

// Anti-CSRF synchronizer token, on top of SameSite cookies and the Origin check
// (server/cross-site-writes.ts): every form a signed-in browser posts carries a token derived
// from its session, which another site cannot read. Derived, not stored: it needs no table, is
// the same in every process, and changes when the session does (sign-in, sign-out).

function sessionTokenOf(request: Request): string | null {
  const raw = sessionCookieOf(request);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    value = raw;
  }
  return value.split(".")[0] || null;
}

/** The token of a better-auth session token. */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac("sha256", getSecret()).update(`csrf:${sessionToken}`).digest("base64url");
}

/**
 * The token the request's forms must carry, or null without a session cookie. Whenever there is
 * one, even an expired one (the sign-in form then needs it too); a page rendered for a request
 * with a session cookie is never cached (server/page-cache.ts), so no token reaches another visitor.
 */
export function csrfTokenFor(request: Request): string | null {
  const session = sessionTokenOf(request);
  return session && csrfTokenOf(session);
}

/** True when the form needs no token (no session cookie) or carries the request's own. */
export function hasValidCsrfToken(request: Request, form: FormData): boolean {
  const expected = csrfTokenFor(request);
  if (!expected) return true;
  const submitted = form.get(CSRF_FIELD);
  if (typeof submitted !== "string") return false;
  const a = Buffer.from(submitted);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws a 403 (the error page says the form expired) unless the form carries a valid token. */
export function requireCsrfToken(request: Request, form: FormData) {
  if (hasValidCsrfToken(request, form)) return;
  logger.warn({ method: request.method, path: new URL(request.url).pathname }, "form refused: missing or wrong CSRF token");
  throw new Response(FORM_EXPIRED_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
