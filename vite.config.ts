import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build starts from our Express app so that it can migrate and seed before serving.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            // Every icon in one file (with React, which they import) instead of one chunk per icon and
            // per set of routes sharing it: a first load requested ten or more files of 200 bytes, each
            // a round trip on a slow connection. Costs 2-4 KB of gzipped JS per page.
            codeSplitting: { groups: [{ name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ }] },
          },
        },
      },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "stripe", "nodemailer", "pino", "sanitize-html"],
  },
}));
