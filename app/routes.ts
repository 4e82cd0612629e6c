import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  // -- storefront routes (issue 3) --
  route("search", "routes/search.tsx"),
  route("product/:slug", "routes/product.tsx"),
  route("category/:categoryId", "routes/category.tsx"),
  route("resources", "routes/resources.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("rss.xml", "routes/rss.xml.ts"),
  route("about", "routes/about.tsx"),
  route("faqs", "routes/faqs.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookies", "routes/cookies.tsx"),
  // -- commerce routes (issue 4) --
  route("cart", "routes/cart.tsx"),
  route("book/:testId", "routes/book.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("demo-checkout/:sessionId", "routes/demo-checkout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/stripe/webhook", "routes/api.stripe-webhook.ts"),

  route("indexnow-key.txt", "routes/indexnow-key.txt.ts"),

  // -- admin routes --
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("labs", "routes/admin/labs.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    route("seo", "routes/admin/seo.tsx"),
    route("webhooks", "routes/admin/webhooks.tsx"),
    route("blog-posts", "routes/admin/blog-posts.tsx"),
    route("blog-posts/new", "routes/admin/blog-post-editor.tsx", { id: "admin-blog-post-new" }),
    route("blog-posts/edit/:postId", "routes/admin/blog-post-editor.tsx", { id: "admin-blog-post-edit" }),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
