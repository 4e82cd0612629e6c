import sanitize from "sanitize-html";

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

/** Rich-text HTML reduced to the allowed tags and attributes; safe to render. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitize(html, OPTIONS);
}

/** HTML reduced to its text, whitespace collapsed (test cards, meta descriptions). */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  // A space at every tag keeps words of neighbouring blocks apart ("<li>a</li><li>b</li>" -> "a b").
  return sanitize(html.replace(/<\/?(p|li|div|br|h[1-6]|ul|ol)\b[^>]*>/gi, " "), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
