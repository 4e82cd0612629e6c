// What the site's head says until an admin saves SEO settings (spec: admin area, constants).
// Client-safe: the SEO settings form shows them as its defaults.
export const DEFAULT_SITE_TITLE = "LabTest Hub";
export const DEFAULT_SITE_DESCRIPTION =
  "The most convenient way to book lab tests in UAE. Compare prices, book appointments, and receive results digitally.";
export const DEFAULT_LOCALE = "en_AE";
