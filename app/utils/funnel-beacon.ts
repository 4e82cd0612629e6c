// The storefront tells the server that a funnel step happened (issue 31, decision 0075): a small
// POST beacon without cookies, counted per day and step only. No user, no page, no address.
import { useEffect } from "react";
import type { FunnelStep } from "~/db/schema/analytics";

export const FUNNEL_PATH = "/api/funnel";

/** Counts one product view, add to cart or checkout start for today; a lost beacon is a lost count. */
export function reportFunnelStep(step: FunnelStep) {
  if (typeof fetch !== "function") return;
  fetch(FUNNEL_PATH, { method: "POST", body: new URLSearchParams({ step }), keepalive: true, credentials: "omit" }).catch(() => {
    // Statistics only.
  });
}

/**
 * Counts `step` once when a page shows it: again only when `key` changes (another product), never
 * when `key` is null (a checkout's confirmation is not a checkout start).
 */
export function useFunnelStep(step: FunnelStep, key: string | null) {
  useEffect(() => {
    if (key !== null) reportFunnelStep(step);
  }, [step, key]);
}
