import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Playwright re-reads this file in every worker: choose the port and data folder once.
process.env.E2E_PORT ??= String(4300 + Math.floor(Math.random() * 500));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "labtest-e2e-"));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const MOVES_THE_CLOCK = ["**/booking-changes.spec.ts", "**/booking-messages.spec.ts", "**/marketplace-checkout.spec.ts", "**/partner-portal.spec.ts"];
// Journeys that expect exact differences of today's figures (admin analytics) also run alone.
const RUNS_ALONE = [...MOVES_THE_CLOCK, "**/admin-analytics.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Journeys of a dozen pages take 45 s on a quiet 2-core machine and half as long again on a loaded
  // CI machine; speed is measured by the benchmarks, not by this limit.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // A click or a page load that cannot happen fails with its locator named, rather than waiting
    // for the journey's own limit with nothing said of where.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // Recording a trace (a screencast and DOM snapshots of every step) made the journeys take 1.4
    // times as long on 2 cores (3.2 against 2.3 minutes for three files), and a CI machine keeps
    // no files: on CI, rerun a failing journey with `--trace on` to get its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: RUNS_ALONE },
    // The app clock (/api/test-clock) is one per server: the journeys that move it run alone,
    // one at a time, after the others, so that no other journey books against a moved clock.
    { name: "clock", use: { ...devices["Desktop Chrome"] }, testMatch: RUNS_ALONE, dependencies: ["chromium"], workers: 1 },
  ],
  webServer: {
    command: "node server/index.js",
    url: `${baseURL}/readyz`,
    // Node 24 on a slow, shared machine once took over 120 s to start (CI, 2026-12-07): the
    // journeys' server gets twice that before the run gives up.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      JOB_POLL_INTERVAL_MS: "200",
      // The webhook journey delivers to a local receiver on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // The marketplace checkout journey moves the slot clock past a card payment's hold (/api/test-clock).
      ENABLE_TEST_CLOCK: "true",
      // Every journey signs up from 127.0.0.1; the per-client limit has its own tests.
      SIGN_UPS_PER_HOUR: "10000",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    },
  },
});
