// /metrics (Prometheus text format) and what feeds it: the request counters by route pattern, the
// page cache's hits and misses, and the figures read from the database when Prometheus scrapes.
// docs/operations/metrics.md documents them; decision 0071 says who may scrape and how processes combine.
import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { AggregatorRegistry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { getConnection } from "~/db/db.server";
import { jobCountsByKind } from "~/modules/jobs/job-stats.server";
import { changeFeedConnected } from "~/utils/change-feed.server";
import { httpRequestDuration, httpRequests, metricsRegistry, pageCacheRequests, scrapedGauge } from "~/utils/metrics.server";

/** The app's own endpoints outside React Router (server/app.ts). */
const EXPRESS_ROUTES = new Set(["/healthz", "/readyz", "/metrics", "/api/suggest"]);

/**
 * Turns a path into the route pattern that answers it ("/product/:slug"), so that the request
 * metrics have one series per route rather than one per URL. React Router's data requests
 * ("/product/x.data", "/_root.data") count under their page's pattern.
 *
 * The routes are flattened, ranked and compiled once, as React Router's `matchRoutes` does on every
 * call (its flattening and regular expressions cost a sixth of an uncached search's CPU). Ranking
 * and patterns follow React Router's rules; the unit test compares both on the same routes.
 */
export function routePatternMatcher(routes: ServerBuild["routes"]) {
  type Node = RouteObject & { children?: Node[] };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, (route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, children: [] }) as Node);
  }
  const tree: Node[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent && !parent.index) (parent.children ??= []).push(node);
    else tree.push(node);
  }
  const matchPattern = compiledMatcher(tree) ?? ((pagePath: string) => patternOfMatches(matchRoutes(tree, pagePath)));
  return (path: string) => {
    if (EXPRESS_ROUTES.has(path)) return path;
    const pagePath = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    // A malformed percent-encoding: React Router answers it (and warns); counted as the catch-all without a second warning.
    try {
      decodeURI(pagePath);
    } catch {
      return "(malformed)";
    }
    return matchPattern(pagePath) ?? "(none)";
  };
}

function patternOfMatches(matches: { route: RouteObject }[] | null) {
  if (!matches) return undefined;
  const pattern = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join("/")
    .replace(/\/+/g, "/");
  return pattern.startsWith("/") ? pattern : `/${pattern}`;
}

/**
 * React Router's branches (every route with a path, and index routes, under their parents' paths),
 * ranked by its score (static segment 10, dynamic 3, empty 1, index +2, splat -2, plus the segment
 * count; ties keep route order), each as one regular expression. Undefined when a path has an
 * optional segment, which this does not rank: the caller then asks React Router itself.
 */
function compiledMatcher(tree: (RouteObject & { children?: RouteObject[] })[]) {
  const branches: { path: string; pattern: string; score: number }[] = [];
  const flatten = (routes: (RouteObject & { children?: RouteObject[] })[], parents: RouteObject[]) => {
    for (const route of routes) {
      const chain = [...parents, route];
      const path = chain.map((r) => r.path ?? "").join("/").replace(/\/\/+/g, "/");
      if (route.children?.length) flatten(route.children, chain);
      if (route.path == null && !route.index) continue;
      branches.push({ path, pattern: patternOfMatches(chain.map((r) => ({ route: r })))!, score: routeScore(path, route.index === true) });
    }
  };
  flatten(tree, []);
  if (branches.some(({ path }) => path.includes("?"))) return undefined;
  const ranked = branches
    .map((branch, order) => ({ ...branch, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ path, pattern }) => ({ pattern, regex: patternRegex(path) }));
  return (pagePath: string) => ranked.find(({ regex }) => regex.test(pagePath))?.pattern;
}

function routeScore(path: string, index: boolean) {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

/** React Router's `compilePath` for a whole path without optional segments: case-insensitive, trailing slashes allowed. */
function patternRegex(path: string) {
  const source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:[\w-]+/g, "/([^\\/]+)");
  const end = !path.endsWith("*") ? "\\/*$" : path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  return new RegExp(source + end, "i");
}

/** Counts every request when its response ends: by method, route pattern and status; and page-cache hits. */
export function recordRequests(patternOf: (path: string) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const labels = { method: req.method, route: patternOf(req.path), status: String(res.statusCode) };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      const cache = res.getHeader("X-Page-Cache");
      if (cache === "hit" || cache === "miss") pageCacheRequests.inc({ result: cache });
    });
    next();
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without it, this
 * machine only (the socket's peer and, behind a trusted proxy, the forwarded client are loopback).
 * Anybody else gets the site's plain 404, as if there were nothing here.
 */
export function mayScrape(req: Request, token: string | undefined) {
  if (token) {
    const sent = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  return LOOPBACK.test(req.socket.remoteAddress ?? "") && LOOPBACK.test(req.ip ?? "");
}

export function metricsEndpoint(token: () => string | undefined) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!mayScrape(req, token())) {
      res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
      return;
    }
    try {
      const text = cluster.isWorker ? await clusterMetrics() : await metricsRegistry.metrics();
      res.set("Cache-Control", "no-store").type(metricsRegistry.contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Under WEB_CONCURRENCY the scrape reaches one worker: it asks the supervisor (server/cluster.js),
 * which gathers every worker's figures with prom-client's AggregatorRegistry (decision 0071).
 */
function clusterMetrics() {
  return new Promise<string>((resolve, reject) => {
    const id = `${process.pid}-${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the supervisor did not answer the metrics request within 5 s"));
    }, 5000);
    function onMessage(message: { type?: string; id?: string; text?: string; error?: string }) {
      if (message?.type !== "labtest:metrics" || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message.text ?? "");
    }
    process.on("message", onMessage);
    process.send?.({ type: "labtest:metrics-request", id });
  });
}

let gaugesRegistered = false;

/** The gauges read at scrape time: job states by kind, the oldest due job, the pool, the change feed. */
export function registerScrapedGauges() {
  if (gaugesRegistered) return;
  gaugesRegistered = true;
  // A worker answers the supervisor's requests with this registry's figures.
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([metricsRegistry]);
    new AggregatorRegistry();
  }
  let counts: Promise<Awaited<ReturnType<typeof jobCountsByKind>>> | undefined;
  /** One query per scrape for both job gauges. */
  const jobCounts = () => {
    counts ??= jobCountsByKind().finally(() => setTimeout(() => (counts = undefined), 1000).unref());
    return counts;
  };
  scrapedGauge({
    name: "labtest_jobs",
    help: "Unfinished background jobs by kind and state (queued, running, failed and waiting to retry, dead).",
    labelNames: ["kind", "state"] as const,
    aggregator: "max",
    async collect(gauge) {
      gauge.reset();
      for (const row of await jobCounts()) {
        for (const state of ["queued", "running", "failed", "dead"] as const) gauge.set({ kind: row.kind, state }, row[state]);
      }
    },
  });
  scrapedGauge({
    name: "labtest_job_oldest_due_seconds",
    help: "How long the oldest job that is due (not running, not dead) has waited, by kind.",
    labelNames: ["kind"] as const,
    aggregator: "max",
    async collect(gauge) {
      gauge.reset();
      for (const row of await jobCounts()) gauge.set({ kind: row.kind }, row.oldestDueSeconds);
    },
  });
  scrapedGauge({
    name: "labtest_db_pool_connections",
    help: "Database connections of this process by state (total, idle, waiting requests); the embedded database is one connection.",
    labelNames: ["state"] as const,
    aggregator: "sum",
    collect(gauge) {
      const connection = getConnection();
      if (connection.driver === "pglite") {
        gauge.set({ state: "total" }, 1);
        return;
      }
      const pool = (connection.db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }).$client;
      gauge.set({ state: "total" }, pool.totalCount);
      gauge.set({ state: "idle" }, pool.idleCount);
      gauge.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  scrapedGauge({
    name: "labtest_change_feed_connected",
    help: "1 while the change feed (LISTEN/NOTIFY between processes) is connected; across processes the lowest.",
    aggregator: "min",
    collect(gauge) {
      gauge.set(changeFeedConnected() ? 1 : 0);
    },
  });
}
