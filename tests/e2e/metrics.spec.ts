import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";

/** This machine's first address that is not loopback (the e2e server listens on every address). */
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

test("a scrape of /metrics from this machine shows the requests and jobs served", async ({ request }) => {
  await request.get("/");
  await request.get("/search?q=vitamin");
  const response = await request.get("/metrics");
  expect(response.status()).toBe(200);
  expect(response.headers()["x-request-id"]).toBeTruthy();
  const text = await response.text();
  const value = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
  expect(value(/^labtest_http_requests_total\{method="GET",route="\/search",status="200"\} (\d+)/gm)).toBeGreaterThan(0);
  expect(text).toMatch(/^labtest_page_cache_requests_total\{result="(hit|miss)"\} [1-9]/m);
  expect(text).toMatch(/^labtest_change_feed_connected 1$/m);
  expect(text).toMatch(/^labtest_db_pool_connections\{state="total"\} [1-9]/m);
  // The recurring sweeps run as soon as the server starts.
  await expect
    .poll(async () => {
      const scrape = await (await request.get("/metrics")).text();
      return [...scrape.matchAll(/^labtest_jobs_processed_total\{[^}]*outcome="done"[^}]*\} (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    })
    .toBeGreaterThan(0);
  expect(text).toMatch(/^labtest_jobs\{kind="[^"]+",state="queued"\} \d+/m);
});

test("without a token /metrics is a 404 from another address", async ({ request }) => {
  // Every machine this suite runs on has a network address besides loopback (CI's does); the same
  // refusal without a network is proved in tests/unit/metrics.test.ts.
  expect(otherAddress, "this machine needs an IPv4 address besides loopback for this test").toBeTruthy();
  const port = new URL(test.info().project.use.baseURL!).port;
  const response = await request.get(`http://${otherAddress}:${port}/metrics`, { maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain("labtest_");
});
