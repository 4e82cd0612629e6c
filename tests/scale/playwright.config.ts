import { defineConfig, devices } from "@playwright/test";

// `npm run test:scale`: two app processes on one fresh PostgreSQL database (global-setup.ts starts
// them and drops the database afterwards). Needs a production build (BUILD_DIR, default build).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: ".",
  globalSetup: "./global-setup.ts",
  // The journeys share one database and follow one another (sign in, then the cart, ...).
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // As the journeys (playwright.config.ts): no trace on CI, which keeps no files.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
