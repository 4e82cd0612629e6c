/** better-auth's session cookie (with the __Secure- prefix on https): "<token>.<signature>", URL-encoded. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** The request's session cookie as sent (signed, URL-encoded), or null without one. */
export function sessionCookieOf(request: Request): string | null {
  return SESSION_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1] || null;
}
