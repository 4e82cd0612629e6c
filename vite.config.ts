import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The English catalogue's keys are its texts (decision 0016): i18next shows a key that has no
 * entry, interpolated, so the browser needs only the entries that differ from their key (the
 * plural forms). The server and the tests read the whole files.
 */
function englishCatalogueWithoutIdentities(): Plugin {
  return {
    name: "english-catalogue-without-identities",
    enforce: "pre",
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]app[\\/]locales[\\/]en[\\/][^\\/]+\.json$/.test(id)) return;
      const entries = Object.entries(JSON.parse(code) as Record<string, string>).filter(([key, text]) => key !== text);
      return { code: JSON.stringify(Object.fromEntries(entries)), map: null };
    },
  };
}

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
  plugins: [englishCatalogueWithoutIdentities(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "stripe", "nodemailer", "pino", "sanitize-html"],
  },
}));
