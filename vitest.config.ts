import { defineConfig } from "vitest/config";

const databaseUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    env: {
      NODE_ENV: "test",
      PGLITE_MEMORY: "true",
      LOG_LEVEL: "silent",
      SITE_URL: "http://localhost:3999",
      // The webhook tests deliver to a local receiver on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: "true",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.integration.test.ts", "tests/integration/**/*.integration.test.ts"],
          globalSetup: ["tests/setup/global-database.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/database.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PostgreSQL database is shared, so its files run one after another.
          fileParallelism: !databaseUrl,
        },
      },
    ],
  },
});
