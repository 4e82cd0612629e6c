// Node entry point: security headers, compression, static files, then the app.
// `npm start` (production build) and `npm run dev` (Vite, hot reload) both run this file; with
// WEB_CONCURRENCY=N it is the supervisor of N copies of itself (server/cluster.js).
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { extname } from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import { announce, runPrimary, workerCount } from "./cluster.js";

/**
 * 16 random bytes in base64 for a response's Content-Security-Policy nonce, cut from a 4 KB block
 * of the system's random bytes: one call per 256 responses instead of one each (as randomUUID does).
 */
let randomPool = Buffer.alloc(0);
let randomOffset = 0;
function nextNonce() {
  if (randomOffset + 16 > randomPool.length) {
    randomPool = randomBytes(4096);
    randomOffset = 0;
  }
  randomOffset += 16;
  return randomPool.toString("base64", randomOffset - 16, randomOffset);
}

if (cluster.isPrimary) {
  let count;
  try {
    count = workerCount();
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
  if (count > 1) runPrimary(count);
  else await serve();
} else {
  await serve();
}

/**
 * The Node.js server's request and response classes with Express's prototypes already in place.
 * Express gives every request and response its prototypes with Object.setPrototypeOf, which turns
 * both into slow dictionary objects and kept about 8 KB per request alive until the next full
 * garbage collection (bench/RESULTS.md, "Requests born with Express's prototypes"); given the same
 * prototype at birth, that call changes nothing.
 */
function expressMessages(app) {
  function IncomingMessage(socket) {
    http.IncomingMessage.call(this, socket);
  }
  IncomingMessage.prototype = app.request;
  function ServerResponse(req, options) {
    http.ServerResponse.call(this, req, options);
  }
  ServerResponse.prototype = app.response;
  return { IncomingMessage, ServerResponse };
}

async function serve() {
  const DEVELOPMENT = process.env.NODE_ENV !== "production";
  const BUILD_DIR = process.env.BUILD_DIR ?? "build";

  const server = express();
  server.disable("x-powered-by");

  server.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if ((process.env.SITE_URL ?? "").startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  });
  // Gzip level 3: about half the CPU of the default for output within a few per cent of its size
  // (bench/PROFILE.md). Brotli quality 1, as pages (server/compress-documents.ts): quality 3 cost
  // several times more under concurrent requests (bench/RESULTS.md, "Pages compressed as a browser asks").
  server.use(compression({ level: 3, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }));

  let appModule;
  let viteDevServer;
  // What the app answers (pages, resource routes, errors) gets a nonce for its inline scripts and,
  // in production, the Content-Security-Policy. Static files never reach it: a script, style or
  // image of our own does not need the policy's ~800 bytes, sent some twenty times per first load.
  const documentPolicy = (req, res, next) => {
    const nonce = nextNonce();
    res.locals.nonce = nonce;
    if (!DEVELOPMENT) {
      // Without analytics hosts: the app widens it for a page that loads analytics (allowAnalytics).
      res.setHeader("Content-Security-Policy", appModule.contentSecurityPolicy(nonce, { analytics: false }));
    }
    next();
  };
  try {
    if (DEVELOPMENT) {
      const vite = await import("vite");
      viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
      server.use(viteDevServer.middlewares);
      appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
      server.use(documentPolicy);
      server.use(async (req, res, next) => {
        try {
          const source = await viteDevServer.ssrLoadModule("./server/app.ts");
          return await source.app(req, res, next);
        } catch (error) {
          if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
          next(error);
        }
      });
    } else {
      appModule = await import(new URL(`../${BUILD_DIR}/server/index.js`, import.meta.url).href);
      // Hashed file names never change content: cache them for a year. Sent as compressed at build
      // time (scripts/precompress-assets.mjs) when the browser accepts it, instead of compressed anew.
      server.use(
        "/assets",
        expressStaticGzip(`${BUILD_DIR}/client/assets`, {
          enableBrotli: true,
          orderPreference: ["br", "gzip"],
          serveStatic: { immutable: true, maxAge: "1y" },
        }),
      );
      // The other public files (favicon, images) all have an extension; skipping the file-system
      // lookup for page URLs saves a stat() on every page request.
      const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h" });
      server.use((req, res, next) => (extname(req.path) ? publicFiles(req, res, next) : next()));
      server.use(documentPolicy, appModule.app);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  let started;
  try {
    started = await appModule.start();
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : error}\n`);
    await viteDevServer?.close();
    process.exit(1);
  }
  // Which proxies' X-Forwarded-For to believe for req.ip (validated by start()).
  server.set("trust proxy", started.env.TRUST_PROXY);

  const port = started.env.PORT;
  const httpServer = http.createServer(expressMessages(server), server);
  // A port already taken, or one this user may not open: say so and stop.
  async function cannotListen(error) {
    console.error(`\nThe server cannot listen on port ${port}: ${error instanceof Error ? error.message : error}\n`);
    await viteDevServer?.close();
    await appModule.stop();
    process.exit(1);
  }
  httpServer.once("error", cannotListen);
  httpServer.listen(port, () => {
    httpServer.off("error", cannotListen);
    // Without SITE_URL the site answers on any address of this machine; localhost is one.
    const siteUrl = started.env.siteUrl ?? `http://localhost:${port}`;
    const lines = [``, `  LabTest Hub is running at ${siteUrl}`, ``];
    const DEMO_ROLE_LABELS = { admin: "Demo admin", customer: "Demo customer", labManager: "Lab manager", labStaff: "Lab staff" };
    if (started.demoAccounts.length > 0) {
      for (const { role, email, password } of started.demoAccounts) {
        lines.push(`  ${`${DEMO_ROLE_LABELS[role] ?? role}:`.padEnd(15)}${email}  /  ${password}${role.startsWith("lab") ? "  (partner portal, two labs)" : ""}`);
      }
      lines.push(`  (sign in at ${siteUrl}/auth)`, ``);
    }
    announce(lines.join("\n"));
  });
  // Keep idle connections open longer than a load balancer or client keeps its own (AWS ALB: 60 s),
  // so they never reuse a connection the server is closing at that instant (an ECONNRESET).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  let shuttingDown = false;
  async function shutdown(signal) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal} received: closing the server${cluster.isWorker ? ` (process ${process.pid})` : ""}`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    httpServer.closeIdleConnections?.();
    await new Promise((resolve) => httpServer.close(resolve));
    await viteDevServer?.close();
    await appModule.stop();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
