// The application as Express middleware, plus start/stop. Built by Vite into build/server/index.js
// (see vite.config.ts) and loaded by server/index.js; in development loaded through Vite.
import "react-router";
import { createRequestHandler } from "@react-router/express";
import { sql } from "drizzle-orm";
import express, { type RequestHandler } from "express";
// A static import: given a function instead, React Router rebuilds its route tables on every request.
import * as build from "virtual:react-router/server-build";
import { connect, DataDirInUseError, pgliteDataDir, type DatabaseConnection } from "~/db/client.server";
import { getConnection, setConnection } from "~/db/db.server";
import { migrationsApplied, runMigrations } from "~/db/migrate.server";
import { adminsWithDemoPassword, databaseIsEmpty, existingDemoAccounts, seedDemoData, type DemoAccount } from "~/seed/demo-data.server";
import { jobHandlers } from "~/job-handlers.server";
import { releaseJobLeases, startJobWorker } from "~/modules/jobs/jobs.server";
import { cachedSeoSiteUrl, forgetSiteSeo, watchSiteSeo } from "~/modules/seo/site-seo.server";
import { watchSessions } from "~/modules/accounts/session-cache.server";
import { suggestFor } from "~/modules/catalog/suggest.server";
import { announceChange, onChange, startChangeFeed } from "~/utils/change-feed.server";
import { sharedData, watchSharedData } from "~/utils/shared-data.server";
import { defaultAllowedHosts } from "~/utils/allowed-hosts.server";
import { contentSecurityPolicy } from "~/utils/content-security-policy";
import { getEnv, type Env } from "~/utils/env.server";
import { compressDocuments } from "./compress-documents";
import { refuseCrossSiteWrites } from "./cross-site-writes";
import { drainUnreadBodies } from "./drain-unread-bodies";
import { refuseForbiddenMethods } from "./forbidden-methods";
import { createPageCache } from "./page-cache";
import { sendSharedJson } from "./shared-json";
import { siteAddress } from "./site-address";
import { logger } from "~/utils/logger.server";
import { assignRequestId } from "./request-id";
import { metricsEndpoint, recordRequests, registerScrapedGauges, routePatternMatcher } from "./metrics";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy's inline scripts. */
    nonce: string;
    /** The client's address: the socket's peer, or what the proxies TRUST_PROXY names forwarded. */
    clientAddress: string;
    /** Lets this response's Content-Security-Policy admit the analytics hosts (the page loads analytics). */
    allowAnalytics: () => void;
    /** This request's id (X-Request-Id): in every log line, the response's header and error pages. */
    requestId: string;
  }
}

/** server/index.js sets every response's policy with it. */
export { contentSecurityPolicy };

export const app = express.Router();
app.use(assignRequestId);
app.use(recordRequests(routePatternMatcher(build.routes)));
app.get("/metrics", metricsEndpoint(() => getEnv().METRICS_TOKEN));
app.use(compressDocuments);
app.use(refuseForbiddenMethods);
app.use(drainUnreadBodies);

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  try {
    const ready = await migrationsApplied(getConnection());
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "migrations pending" });
  } catch {
    res.status(503).json({ status: "database unreachable" });
  }
});

/** A middleware made on the first request: the environment is validated by start(), not at import. */
function onFirstRequest(create: () => RequestHandler): RequestHandler {
  let handler: RequestHandler | undefined;
  return (req, res, next) => (handler ??= create())(req, res, next);
}

app.use(
  onFirstRequest(() =>
    siteAddress({
      siteUrl: getEnv().siteUrl,
      seoSiteUrl: () => cachedSeoSiteUrl(),
      // Read once: this machine's addresses when the server starts serving (decision 0022).
      allowedHosts: [...defaultAllowedHosts(), ...getEnv().ALLOWED_HOSTS],
      onChange: forgetSiteSeo,
    }),
  ),
);
app.use(onFirstRequest(() => refuseCrossSiteWrites(getEnv().siteUrl)));

/**
 * GET /api/suggest?q=&lang=en|ar: suggestions as you type (tests, categories, labs; decision 0035).
 * Answered here, before React Router: its budget is 20 ms at the 95th percentile under 20 clients,
 * and the answer is a look-up in the shared data, so it skips a page request's machinery. The same
 * for every visitor (it never reads the session), so browsers and shared caches may keep it a minute.
 */
app.get("/api/suggest", async (req, res, next) => {
  try {
    const outcome = await suggestFor(new URL(req.originalUrl, "http://localhost").searchParams);
    if (outcome.status === 400) {
      res.status(400).set("Cache-Control", "no-store").json({ error: outcome.error });
      return;
    }
    sendSharedJson(req, res, outcome.answer, "public, max-age=60");
  } catch (error) {
    next(error);
  }
});
app.use(
  onFirstRequest(() =>
    createPageCache({
      ttlSeconds: getEnv().PAGE_CACHE_SECONDS,
      maxEntries: 500,
      subscribe: (clear) => {
        onChange("pages", clear);
        onChange("catalog", clear);
      },
      publish: (change) => {
        // This process forgets at once; the others when the notification arrives.
        sharedData.forget(change === "catalog" ? "catalog" : "slots");
        void announceChange(change, "within PAGE_CACHE_SECONDS and DATA_CACHE_SECONDS");
      },
    }),
  ),
);

app.use(
  createRequestHandler({
    build,
    // req.ip follows the `trust proxy` setting that server/index.js takes from TRUST_PROXY.
    getLoadContext: (req, res) => ({
      nonce: String(res.locals.nonce ?? ""),
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
      requestId: String(res.locals.requestId ?? ""),
      allowAnalytics: () => {
        // Replaces the policy server/index.js set (none in development, where Vite injects scripts).
        if (res.hasHeader("Content-Security-Policy")) {
          res.setHeader("Content-Security-Policy", contentSecurityPolicy(String(res.locals.nonce ?? ""), { analytics: true }));
        }
      },
    }),
  }),
);

/** `demoAccounts`: the demo accounts the start-up banner names (those wanted and present). */
export type StartResult = { env: Env; seeded: boolean; demoAccounts: DemoAccount[] };

let stopWorker: (() => Promise<void>) | undefined;
let stopChangeFeed: (() => Promise<void>) | undefined;
let stopWatchingSeo: (() => void) | undefined;
let stopWatchingSessions: (() => void) | undefined;
let stopSharingData: (() => void) | undefined;

/** Opens the database, applies migrations, loads demo data on first run, starts the job worker. */
export async function start(): Promise<StartResult> {
  const env = getEnv();
  let connection: DatabaseConnection;
  try {
    connection = env.DATABASE_URL
      ? await connect({ driver: "pg", url: env.DATABASE_URL })
      : await connect({
          driver: "pglite",
          dataDir: env.PGLITE_MEMORY ? "memory://" : pgliteDataDir(env.DATA_DIR),
        });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw error;
    throw new Error(`Could not open the database: ${(error as Error).message}`, { cause: error });
  }
  setConnection(connection);
  await runMigrations(connection, env.DATABASE_URL);

  const seedWanted = env.SEED_DEMO_DATA ?? env.embedded;
  let seeded = false;
  if (seedWanted && (await databaseIsEmpty(connection.db))) {
    // Several processes may start on one empty database at once: one of them seeds it.
    seeded = await connection.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724302)`);
      if (!(await databaseIsEmpty(tx))) return false;
      await seedDemoData(tx, { accounts: env.demoAccounts });
      return true;
    });
  }
  // On a public site an admin who still has a password the README publishes is anybody's admin
  // (decision 0023), unless the operator runs a public demo on purpose (SEED_DEMO_ACCOUNTS=true).
  if (env.publicSite && !env.SEED_DEMO_ACCOUNTS) {
    const exposed = await adminsWithDemoPassword(connection.db);
    if (exposed.length > 0) {
      setConnection(undefined);
      await connection.close();
      throw new Error(publishedPasswordMessage(exposed, env));
    }
  }
  stopChangeFeed = await startChangeFeed();
  stopWatchingSeo = watchSiteSeo();
  stopWatchingSessions = watchSessions();
  stopSharingData = watchSharedData(env.DATA_CACHE_SECONDS);
  // The embedded database belongs to this one process: a job still leased was claimed by a
  // process that died (kill -9, power cut), so it can run again now rather than after its lease.
  if (connection.driver === "pglite") await releaseJobLeases();
  stopWorker = startJobWorker(jobHandlers, env.JOB_POLL_INTERVAL_MS);
  registerScrapedGauges();
  logger.info({ driver: connection.driver, seeded }, "database ready");
  const demoAccounts = seedWanted && env.demoAccounts ? await existingDemoAccounts(connection.db) : [];
  return { env, seeded, demoAccounts };
}

function publishedPasswordMessage(emails: string[], env: Env) {
  return [
    `The server did not start: on ${env.siteUrl} the admin account${emails.length > 1 ? "s" : ""} ${emails.join(", ")} still ha${emails.length > 1 ? "ve" : "s"} a demo password published in the README, so anybody could sign in as admin.`,
    `Give ${emails.length > 1 ? "each" : "it"} a password of its own: npm run set-password -- ${emails[0]} (with this DATA_DIR or DATABASE_URL, the server stopped).`,
    `To run a public demo with the published accounts on purpose, set SEED_DEMO_ACCOUNTS=true.`,
  ].join("\n");
}

/** Stops background work and closes the database. */
export async function stop() {
  await stopWorker?.();
  await stopChangeFeed?.();
  stopWatchingSeo?.();
  stopWatchingSessions?.();
  stopSharingData?.();
  const connection = (() => {
    try {
      return getConnection();
    } catch {
      return undefined;
    }
  })();
  setConnection(undefined);
  await connection?.close();
}
