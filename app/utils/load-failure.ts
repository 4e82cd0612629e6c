// The spec's message for a page whose data could not be loaded (spec: customer site and admin area,
// toasts). The spec's pages fetch after they render and toast a failure; ours load on the server
// first, so a failure is the error page (root ErrorBoundary), headed with this message.

/** By route id; an Arabic page's id is its English page's with "ar/" in front. */
const LOAD_FAILURES = {
  "routes/search": "Error fetching tests",
  "routes/category": "Error fetching category/tests",
  "routes/dashboard": "Error fetching data",
  "routes/profile": "Error fetching profile",
  "routes/admin/tests": "Error fetching tests",
  "routes/admin/categories": "Error fetching categories",
  "routes/admin/labs": "Error fetching labs",
  "routes/admin/users": "Error fetching users",
  "routes/admin/bookings": "Error fetching bookings",
  "routes/admin/webhooks": "Failed to fetch webhooks",
} as const satisfies Record<string, string>;

type LoadFailureMessage = (typeof LOAD_FAILURES)[keyof typeof LOAD_FAILURES];

/** The spec's load-failure message of the page with this route id, or null when it has none. */
export function loadFailureMessage(routeId: string | undefined): LoadFailureMessage | null {
  const englishId = routeId?.replace(/^ar\//, "");
  return englishId && Object.hasOwn(LOAD_FAILURES, englishId) ? LOAD_FAILURES[englishId as keyof typeof LOAD_FAILURES] : null;
}
