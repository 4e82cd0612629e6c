import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest in one file (about 5 KB gzipped, fetched with the other scripts after
  // the first paint) instead of a partial manifest worked out and inlined on every page view and
  // /__manifest requests while the visitor browses: 3-7 % less CPU per uncached page (issue 13).
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets two builds (e.g. parallel end-to-end runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
