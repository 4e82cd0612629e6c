/** Resolves the parameter against a placeholder origin to see where a browser would really go. */
const PLACEHOLDER_ORIGIN = "http://site.invalid";

/**
 * The `redirect` parameter is honoured only for a site-relative path: one leading '/', not '//'
 * and no backslash trick ('/\evil.example'). It comes back percent-encoded, so any character
 * (U+3000, DEL) is safe in a Location header.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  // "/./\evil.example" normalises to "//evil.example": another site again.
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
