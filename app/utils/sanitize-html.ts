import sanitize from "sanitize-html";
import { memoizeLast } from "~/utils/memoize";

/** The one allow-list for rich text shown to the public (spec section 5). */
const OPTIONS: sanitize.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "b", "i", "u", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "span", "div"],
  allowedAttributes: { "*": ["class"], a: ["href", "target", "rel", "class"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      if (attribs.target === "_blank") return { tagName, attribs: { ...attribs, rel: "noopener noreferrer nofollow" } };
      return { tagName, attribs };
    },
  },
};

/**
 * Texts sanitised lately: a popular test's rich text and card text are the same on each of its
 * views, and parsing them again was a few per cent of a product or search page's CPU (issue 13).
 * Two million characters of texts per function, some 4-8 MB with their results.
 */
const REMEMBERED_CHARS = 2_000_000;

const sanitizeRemembered = memoizeLast((html) => sanitize(html, OPTIONS), REMEMBERED_CHARS);

/** Rich-text HTML reduced to the allowed tags and attributes; safe to render. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeRemembered(html);
}

const plainTextRemembered = memoizeLast(
  (html) =>
    // A space at every tag keeps words of neighbouring blocks apart ("<li>a</li><li>b</li>" -> "a b").
    sanitize(html.replace(/<\/?(p|li|div|br|h[1-6]|ul|ol)\b[^>]*>/gi, " "), { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim(),
  REMEMBERED_CHARS,
);

/** HTML reduced to its text, whitespace collapsed (test cards, meta descriptions). */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  return plainTextRemembered(html);
}
