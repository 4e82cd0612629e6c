import { localizePath, type Language } from "~/i18n/languages";

/** Resolves a path against a placeholder origin to see where a browser would really go. */
const PLACEHOLDER_ORIGIN = "http://site.invalid";

/** Normalises `value` as a browser would, or null when it leaves the site or could be made to. */
function localPath(value: string): string | null {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Browsers drop tabs and newlines from an address (and stop at NUL): "/\t/evil" is "//evil".
  if ([...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  // Dot-segments ("/x/..//evil", "/%2e%2e//evil") and backslashes ("/./\evil") are resolved by
  // the parser: what is left must still be one path on this site. An empty segment ("/ar//evil")
  // or an encoded slash ("/%2fevil") is never a page of ours, and some proxy or later rewrite
  // (removing the /ar prefix) could make it "//evil", so they are refused too.
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname.includes("//") || /%(2f|5c)/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The one rule for a redirect to an address that came with the request (sign-in's and sign-up's
 * `redirect`, the language switch's `to`, the links of our e-mails): a path of this site, or null.
 * With `language`, the path is moved into that language (/ar prefix added or removed), and the
 * rule runs again on the final path, so that no rewrite can turn a safe path into another site.
 * The path comes back normalised and percent-encoded, so any character (U+3000, DEL) is safe in a
 * Location header.
 */
export function safeRedirectPath(value: string | null | undefined, language?: Language): string | null {
  if (!value) return null;
  const path = localPath(value);
  if (path === null || language === undefined) return path;
  return localPath(localizePath(path, language));
}
