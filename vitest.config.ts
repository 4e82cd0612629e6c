import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const INTEGRATION = ["app/**/*.integration.test.ts", "tests/integration/**/*.integration.test.ts"];
const ISOLATED = [
  "app/modules/webhooks/redeliver.integration.test.ts",
  "app/modules/webhooks/refused-address.integration.test.ts",
  "app/modules/results/result-storage-s3.integration.test.ts",
];
const DATABASE = {
  globalSetup: ["tests/setup/global-database.ts"],
  setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/database.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest 4.1 leaves a core to its main process (a single worker on 2 cores); the main process
    // is idle while files run, and two workers halve the suite there (390 s against 746 s).
    maxWorkers: availableParallelism(),
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
          include: INTEGRATION,
          exclude: ISOLATED,
          // Evaluating the app's modules took about 5 s per file, half the suite's time: each worker
          // loads them once and keeps one database (tests/setup/database.ts), emptied before every test.
          isolate: false,
          ...DATABASE,
        },
      },
      {
        extends: true,
        // The files that replace a module (vi.mock) or set the environment get modules of their own.
        test: { name: "integration-isolated", include: ISOLATED, ...DATABASE },
      },
    ],
  },
});
