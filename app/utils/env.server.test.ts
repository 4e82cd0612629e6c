import { describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server";

describe("parseEnv", () => {
  it("defaults to the embedded database on port 3000", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.embedded).toBe(true);
    // Without SITE_URL each request's own address is the site's (see site-url.server.ts).
    expect(env.siteUrl).toBeUndefined();
    expect(parseEnv({ SITE_URL: "https://labtesthub.ae/" }).siteUrl).toBe("https://labtesthub.ae");
    expect(() => parseEnv({ SITE_URL: "ftp://labtesthub.ae" })).toThrow(/SITE_URL: must be an http:\/\/ or https:\/\/ address/);
  });

  it("names every wrong variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });

  it("requires a secret in production on a database server", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
  });

  it("refuses the demo card provider in production on a database server unless enabled", () => {
    const secret = "x".repeat(40);
    const base = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: secret, SITE_URL: "http://labtest.internal", RESULTS_ENCRYPTION_KEY: "ab".repeat(32) };
    expect(parseEnv(base).demoPayments).toBe(false);
    expect(parseEnv({ ...base, ENABLE_DEMO_PAYMENTS: "true" }).demoPayments).toBe(true);
    expect(parseEnv({ NODE_ENV: "production" }).demoPayments).toBe(true);
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_123" }).demoPayments).toBe(false);
  });

  it("keeps demo card payments for the quick start, but on a public https address only when enabled", () => {
    expect(parseEnv({}).demoPayments).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", SITE_URL: "http://192.168.1.20:3000" }).demoPayments).toBe(true);
    for (const NODE_ENV of ["production", "development"]) {
      expect(parseEnv({ NODE_ENV, SITE_URL: "https://labtesthub.ae" }).demoPayments, NODE_ENV).toBe(false);
      expect(parseEnv({ NODE_ENV, SITE_URL: "https://labtesthub.ae", ENABLE_DEMO_PAYMENTS: "true" }).demoPayments, NODE_ENV).toBe(true);
    }
  });

  it("wants the demo accounts with the demo data, but on a public https address only when asked for", () => {
    expect(parseEnv({}).demoAccounts).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", SITE_URL: "http://192.168.1.20:3000" }).demoAccounts).toBe(true);
    expect(parseEnv({ SITE_URL: "https://labtesthub.ae" }).demoAccounts).toBe(false);
    expect(parseEnv({ SITE_URL: "https://labtesthub.ae", SEED_DEMO_ACCOUNTS: "true" }).demoAccounts).toBe(true);
    expect(parseEnv({ SEED_DEMO_ACCOUNTS: "false" }).demoAccounts).toBe(false);
  });

  it("holds card-payment slots 15 minutes unless set, and refuses the test clock in production on a database server", () => {
    expect(parseEnv({}).SLOT_HOLD_MINUTES).toBe(15);
    expect(parseEnv({ SLOT_HOLD_MINUTES: "5" }).SLOT_HOLD_MINUTES).toBe(5);
    expect(() => parseEnv({ SLOT_HOLD_MINUTES: "0" })).toThrow(/SLOT_HOLD_MINUTES/);
    expect(parseEnv({}).ENABLE_TEST_CLOCK).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", ENABLE_TEST_CLOCK: "true" }).ENABLE_TEST_CLOCK).toBe(true);
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: "x".repeat(40), SITE_URL: "https://labtesthub.ae" };
    expect(() => parseEnv({ ...production, ENABLE_TEST_CLOCK: "true" })).toThrow(/ENABLE_TEST_CLOCK/);
  });

  it("requires the site's address in production on a database server", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: "x".repeat(40), RESULTS_ENCRYPTION_KEY: "ab".repeat(32) };
    expect(() => parseEnv(production)).toThrow(/SITE_URL: required in production with DATABASE_URL/);
    expect(() => parseEnv({ ...production, SITE_URL: "" })).toThrow(/SITE_URL/);
    expect(parseEnv({ ...production, SITE_URL: "https://labtesthub.ae" }).siteUrl).toBe("https://labtesthub.ae");
    // The embedded run and development keep answering on this machine's addresses without one.
    expect(parseEnv({ NODE_ENV: "production" }).siteUrl).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: "postgres://db/app" }).siteUrl).toBeUndefined();
  });

  it("requires the results key in production on a database server, and a bucket for S3 storage", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: "x".repeat(40), SITE_URL: "https://labtesthub.ae" };
    expect(() => parseEnv(production)).toThrow(/RESULTS_ENCRYPTION_KEY: required in production/);
    expect(() => parseEnv({ ...production, RESULTS_ENCRYPTION_KEY: "short" })).toThrow(/RESULTS_ENCRYPTION_KEY: must be 32 bytes/);
    expect(parseEnv({ ...production, RESULTS_ENCRYPTION_KEY: "ab".repeat(32) }).RESULTS_STORAGE).toBe("db");
    // The embedded run generates its key into the data folder.
    expect(parseEnv({ NODE_ENV: "production" }).RESULTS_ENCRYPTION_KEY).toBeUndefined();
    expect(() => parseEnv({ RESULTS_STORAGE: "s3" })).toThrow(/RESULTS_S3_BUCKET/);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).embedded).toBe(true);
  });
});
