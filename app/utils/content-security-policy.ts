/**
 * Hosts the analytics script (gtag.js) loads from and reports to, as Google documents for a
 * Content-Security-Policy. Allowed only on pages that load it.
 */
const ANALYTICS_SCRIPT_HOSTS = ["https://www.googletagmanager.com"];
const ANALYTICS_CONNECT_HOSTS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

/**
 * The Content-Security-Policy of a response: scripts from this site or carrying the response's
 * nonce, plus the analytics hosts only when the page loads analytics (an analytics ID is set).
 */
export function contentSecurityPolicy(nonce: string, { analytics }: { analytics: boolean }) {
  return [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...(analytics ? ANALYTICS_SCRIPT_HOSTS : [])].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...(analytics ? ANALYTICS_CONNECT_HOSTS : [])].join(" "),
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.stripe.com",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}
