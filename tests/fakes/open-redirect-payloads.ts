// Redirect targets that try to leave the site, for every entry point that takes one (the language
// switch's `to`, sign-in's and sign-up's `redirect`, better-auth's `callbackURL`). Each must end
// on a path of this site, whatever rewrite (the /ar prefix, dot-segments) runs on it.
export const OPEN_REDIRECT_PAYLOADS: string[] = [
  // Protocol-relative, and the /ar prefix in front of it (the prefix is removed for English).
  "//evil.example",
  "///evil.example",
  "/ar//evil.example",
  "/ar///evil.example",
  "/ar//evil.example/path?x=1",
  "//evil.example/%2e%2e",
  "//user@evil.example",
  // Backslashes, which browsers read as slashes.
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/ar/\\evil.example",
  "/ar/\\\\evil.example",
  "/ar\\/evil.example",
  // Dot-segments, plain and encoded, that collapse to "//".
  "/x/..//evil.example",
  "/./\\evil.example",
  "/a/../..//evil.example",
  "/ar/..//evil.example",
  "/ar/../..//evil.example",
  "/ar/%2e%2e//evil.example",
  "/ar/%2e%2e/%2e%2e//evil.example",
  "/%2e%2e//evil.example",
  "/ar/.%2e//evil.example",
  // Encoded slashes and backslashes, once and twice.
  "/%2fevil.example",
  "/%2Fevil.example",
  "/%5cevil.example",
  "/%5Cevil.example",
  "/ar/%2fevil.example",
  "/ar/%5cevil.example",
  "/ar//%2fevil.example",
  "%2f%2fevil.example",
  "/%252f%252fevil.example",
  "%252F%252Fevil.example",
  // Tabs, newlines and NUL, which browsers drop or stop at.
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/ar/\t/evil.example",
  "/ar/%09/evil.example",
  "/ar/\u0000/evil.example",
  " //evil.example",
  // Slashes from other scripts.
  "/\u2215evil.example",
  "/\uff0f\uff0fevil.example",
  "\uff0f\uff0fevil.example",
  "/ar/\u2044evil.example",
  "\u3000//evil.example",
  // Other schemes and absolute addresses.
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "java\nscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "https:\\\\evil.example",
  "HTTPS://evil.example/ar",
  "evil.example",
];

/** Where the site's origin is taken as the base, where a browser would land for `location`. */
export function landsOnSite(location: string | null, origin: string) {
  if (location === null) return false;
  let url: URL;
  try {
    url = new URL(location, origin);
  } catch {
    return false;
  }
  // The same site, and a path that no later rewrite can turn into another host.
  return url.origin === origin && !url.pathname.includes("//") && !/%(2f|5c)/i.test(url.pathname);
}
