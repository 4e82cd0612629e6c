// The process's Prometheus metrics (prom-client): request, page-cache and job-run counters here;
// the figures read from the database at scrape time (job states, pool, change feed) are added by
// server/metrics.ts. docs/operations/metrics.md lists them; decision 0071 says how processes combine.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "labtest_" });

export const httpRequests = new Counter({
  name: "labtest_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: "labtest_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its response, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const pageCacheRequests = new Counter({
  name: "labtest_page_cache_requests_total",
  help: "Public page requests the page cache answered (hit) or passed on to be rendered (miss).",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

export const jobsProcessed = new Counter({
  name: "labtest_jobs_processed_total",
  help: "Background jobs this process ran, by kind and outcome (done, retry: failed and will run again, dead: failed for the last time).",
  labelNames: ["kind", "outcome"] as const,
  registers: [metricsRegistry],
});

/** A gauge whose value is read when Prometheus scrapes (set by `collect`). */
export function scrapedGauge<L extends string>(options: {
  name: string;
  help: string;
  labelNames?: readonly L[];
  /** How the supervisor combines the processes' values (WEB_CONCURRENCY > 1): decision 0071. */
  aggregator: "sum" | "max" | "min";
  collect: (gauge: Gauge<L>) => Promise<void> | void;
}) {
  const { collect, ...rest } = options;
  return new Gauge<L>({
    ...rest,
    registers: [metricsRegistry],
    async collect() {
      await collect(this);
    },
  });
}
