import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import direction (README, Layout): routes -> modules -> components, utils -> db. Each area lists
// what it may not import; inside app/ every import uses the ~/ alias, so a relative path cannot
// slip past these patterns. Tests are exempt: they drive routes and use the fakes under tests/.
const RELATIVE = { regex: "^\\.\\.?/(?!\\+types/)", message: "Inside app/, import with the ~/ alias (./+types/ excepted)." };
const forbid = (group, message) => ({ group, message });
const importRule = (...patterns) => ({ "no-restricted-imports": ["error", { patterns: [RELATIVE, ...patterns] }] });
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

export default tseslint.config(
  { ignores: ["build/", "build-*/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["app/routes/**", "app/root.tsx"],
    ignores: TESTS,
    rules: importRule(
      forbid(["~/db/db.server", "~/seed/*"], "Routes reach the database through a module function, never `db` itself."),
    ),
  },
  {
    files: ["app/modules/**"],
    ignores: TESTS,
    rules: importRule(
      forbid(["~/routes/*", "~/root"], "Modules never import routes."),
      forbid(["~/seed/*"], "The demo seed and factories are for start-up and tests only."),
    ),
  },
  {
    files: ["app/components/**", "app/utils/**", "app/i18n/**", "app/locales/**"],
    ignores: TESTS,
    rules: importRule(
      forbid(
        ["~/modules/*", "~/routes/*", "~/root", "~/seed/*"],
        "Shared components and utils never import a domain module or a route: take what they need as props or arguments.",
      ),
    ),
  },
  {
    files: ["app/db/**"],
    ignores: TESTS,
    rules: importRule(
      forbid(
        ["~/modules/*", "~/routes/*", "~/root", "~/components/*", "~/seed/*"],
        "The database layer imports nothing above it (schema, client, migrations only).",
      ),
    ),
  },
  {
    // Decision 0008: the schema types its status columns with the lifecycle's value lists, kept in
    // client-safe, import-free files of their domains: the only modules the database layer imports.
    files: ["app/db/schema/**"],
    ignores: TESTS,
    rules: importRule(
      forbid(
        ["~/modules/*/*", "!~/modules/*/*-status", "!~/modules/webhooks/webhook-events", "!~/modules/slots/collection-types", "!~/modules/accounts/patient-sexes", "!~/modules/catalog/referral-requirement", "!~/modules/invoices/vat-rates", "~/routes/*", "~/root", "~/components/*", "~/seed/*"],
        "The database layer imports nothing above it; the schema only the value lists (modules/*/*-status, webhooks/webhook-events, slots/collection-types, accounts/patient-sexes, catalog/referral-requirement, invoices/vat-rates).",
      ),
    ),
  },
  {
    // The demo seed fills every domain's tables through the domain code (slugs, password hashes),
    // so it may import modules; nothing but start-up, scripts and tests imports it.
    files: ["app/seed/**"],
    rules: importRule(forbid(["~/routes/*", "~/root"], "The seed never imports routes.")),
  },
  {
    files: ["app/entry.server.tsx", "app/routes.ts"],
    rules: importRule(),
  },
  {
    files: ["server/index.js", "server/cluster.js", "scripts/**", "bench/**", "tests/**", "playwright.config.ts"],
    rules: { "no-console": "off" },
  },
);
