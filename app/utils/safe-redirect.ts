/**
 * The `redirect` parameter is honoured only for a site-relative path: one leading '/', not '//'
 * and no backslash trick ('/\evil.example').
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 32)) return null;
  return value;
}
