import { type RouteConfig, type RouteConfigEntry, index, prefix, route } from "@react-router/dev/routes";

/**
 * The customer-facing pages, once per language: English at today's addresses, Arabic under /ar
 * with route ids of their own ("ar/routes/search" beside "routes/search").
 */
function sitePages(language: "en" | "ar"): RouteConfigEntry[] {
  // English keeps React Router's default id (the file's path without its extension).
  const id = (file: string) => ({ id: `${language === "ar" ? "ar/" : ""}${file.replace(/\.tsx?$/, "")}` });
  const page = (path: string, file: string) => route(path, file, id(file));
  return [
    index("routes/home.tsx", id("routes/home.tsx")),
    page("auth", "routes/auth.tsx"),
    page("auth/forgot-password", "routes/auth.forgot-password.tsx"),
    page("auth/reset-password", "routes/auth.reset-password.tsx"),
    page("dashboard", "routes/dashboard.tsx"),
    page("dashboard/bookings/:bookingId/reschedule", "routes/dashboard.bookings.reschedule.tsx"),
    page("dashboard/bookings/:bookingId/cancel", "routes/dashboard.bookings.cancel.tsx"),
    // My Results (issue 28): the list, trends across results (the overview, one trend), one result and its access log.
    page("dashboard/results", "routes/dashboard.results.tsx"),
    page("dashboard/results/trends", "routes/dashboard.results.trends.tsx"),
    page("dashboard/results/trends/:trendId", "routes/dashboard.results.trend.tsx"),
    page("dashboard/results/:resultId", "routes/dashboard.result.tsx"),
    page("dashboard/results/:resultId/access-log", "routes/dashboard.result.access-log.tsx"),
    page("search", "routes/search.tsx"),
    page("product/:slug", "routes/product.tsx"),
    page("labs", "routes/labs.tsx"),
    page("labs/:slug", "routes/lab.tsx"),
    page("category/:categoryId", "routes/category.tsx"),
    page("resources", "routes/resources.tsx"),
    page("blog/:slug", "routes/blog-post.tsx"),
    page("about", "routes/about.tsx"),
    page("faqs", "routes/faqs.tsx"),
    page("terms", "routes/terms.tsx"),
    page("privacy", "routes/privacy.tsx"),
    page("cookies", "routes/cookies.tsx"),
    page("cart", "routes/cart.tsx"),
    page("book/:testId", "routes/book.tsx"),
    page("checkout", "routes/checkout.tsx"),
    page("payment-success", "routes/payment-success.tsx"),
    page("profile", "routes/profile.tsx"),
  ];
}

export default [
  ...sitePages("en"),
  ...prefix("ar", sitePages("ar")),
  route("language", "routes/language.ts"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  // A customer's own tax invoice or credit note (issue 29), a PDF for English and Arabic pages alike.
  route("dashboard/documents/:number", "routes/dashboard.documents.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("rss.xml", "routes/rss.xml.ts"),
  route("demo-checkout/:sessionId", "routes/demo-checkout.tsx"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/slots", "routes/api.slots.ts"),
  // The search page's beacon: a result was followed (issue 30).
  route("api/search-click", "routes/api.search-click.ts"),
  route("api/funnel", "routes/api.funnel.ts"),
  route("api/stripe/webhook", "routes/api.stripe-webhook.ts"),
  // End-to-end tests only: answers 404 unless ENABLE_TEST_CLOCK=true.
  route("api/test-clock", "routes/api.test-clock.ts"),
  // npm run backup while the server runs: embedded database only, local requests with the data folder's token.
  route("api/backup", "routes/api.backup.ts"),

  route("indexnow-key.txt", "routes/indexnow-key.txt.ts"),

  // Results (issue 28): downloads (attachment, never cached), the FHIR export, a shared link's page.
  route("results/:resultId/report", "routes/results.report.ts"),
  route("results/export", "routes/results.export.ts"),
  route("results/shared/:token", "routes/results.shared.tsx"),
  route("results/shared/:token/report", "routes/results.shared.report.ts"),

  // -- admin routes (English interface) --
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("tests", "routes/admin/tests.tsx"),
    route("tests/import", "routes/admin/tests.import.ts"),
    route("tests/export", "routes/admin/tests.export.ts"),
    route("tests/:testId/offers", "routes/admin/test-offers.tsx"),
    route("labs", "routes/admin/labs.tsx"),
    route("labs/:labId/offers", "routes/admin/lab-offers.tsx"),
    route("labs/:labId/offers/test-options", "routes/admin/lab-offers.test-options.ts"),
    route("labs/:labId/day", "routes/admin/lab-day.tsx"),
    route("labs/:labId/managers", "routes/admin/lab-managers.ts"),
    route("labs/:labId/price-history", "routes/admin/lab-price-history.tsx"),
    route("offers/import", "routes/admin/offers.import.ts"),
    route("offers/export", "routes/admin/offers.export.ts"),
    route("categories", "routes/admin/categories.tsx"),
    route("search", "routes/admin/search.tsx"),
    route("search/import", "routes/admin/search.import.ts"),
    route("search/export", "routes/admin/search.export.ts"),
    route("users", "routes/admin/users.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    route("bookings/:bookingId", "routes/admin/booking.tsx"),
    route("bookings/:bookingId/referral", "routes/admin/booking.referral.ts"),
    // Results: metadata only, values after a recorded reason (break-glass, issue 28).
    route("results", "routes/admin/results.tsx"),
    route("results/:resultId", "routes/admin/result.tsx"),
    route("seo", "routes/admin/seo.tsx"),
    route("webhooks", "routes/admin/webhooks.tsx"),
    route("invoices", "routes/admin/invoices.tsx"),
    route("invoices/export", "routes/admin/invoices.export.ts"),
    route("invoices/documents/:number", "routes/admin/invoices.document.ts"),
    route("business", "routes/admin/business.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("outbox/:messageId", "routes/admin/outbox.message.tsx"),
    route("outbox/:messageId/attachments/:index", "routes/admin/outbox.attachment.ts"),
    route("blog-posts", "routes/admin/blog-posts.tsx"),
    route("blog-posts/new", "routes/admin/blog-post-editor.tsx", { id: "admin-blog-post-new" }),
    route("blog-posts/edit/:postId", "routes/admin/blog-post-editor.tsx", { id: "admin-blog-post-edit" }),
  ]),

  // -- partner portal (lab members; English interface). Every loader and action starts with
  // requireLabMember (tests/integration/partner-walls.integration.test.ts walks them all). --
  route("partner", "routes/partner/index.tsx"),
  route("partner/:labId/print", "routes/partner/print.tsx"),
  route("partner/:labId", "routes/partner/layout.tsx", [
    index("routes/partner/today.tsx"),
    route("offers", "routes/partner/offers.tsx"),
    route("offers/test-options", "routes/partner/offers.test-options.ts"),
    route("offers/import", "routes/partner/offers.import.ts"),
    route("offers/export", "routes/partner/offers.export.ts"),
    route("price-history", "routes/partner/price-history.tsx"),
    route("profile", "routes/partner/profile.tsx"),
    route("members", "routes/partner/members.tsx"),
    // Results (issue 28): pending queue, upload and release, a version's PDF.
    route("results", "routes/partner/results.tsx"),
    route("results/:bookingId", "routes/partner/result.tsx"),
    route("results/:bookingId/report", "routes/partner/result.report.ts"),
    // A booking's referral file (issue 26): the lab of the booking only.
    route("bookings/:bookingId/referral", "routes/partner/booking.referral.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
