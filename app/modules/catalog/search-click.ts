// The search page tells the server which results are followed (issue 30, decision 0033): a small
// POST beacon without cookies, so the product pages keep one address each and stay cacheable.
import type { MouseEvent } from "react";

export const SEARCH_CLICK_PATH = "/api/search-click";

/** On a click in the results: when it follows a product link, counts a click for the query. */
export function reportResultClick(event: MouseEvent<HTMLElement>, query: string) {
  const link = event.target instanceof Element ? event.target.closest('a[href*="/product/"]') : null;
  if (!link || !query) return;
  fetch(SEARCH_CLICK_PATH, { method: "POST", body: new URLSearchParams({ q: query }), keepalive: true, credentials: "omit" }).catch(() => {
    // A lost click is only a lost count.
  });
}
