import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "../../server/page-cache";
import { assignRequestId } from "../../server/request-id";
import { currentRequestId, requestIdFor } from "~/utils/request-context.server";

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** An app that answers with the id its handler sees in the async context, behind `trustProxy`. */
async function serve(trustProxy: false | string[]) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(assignRequestId);
  app.use(createPageCache({ ttlSeconds: 60, maxEntries: 10 }));
  app.get(["/", "/about"], async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    res.type("html").end(`<meta name="request-id" content="${currentRequestId()}">`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("request ids", () => {
  it("gives every request its own id, in the header and in the async context of its handler", async () => {
    const base = await serve(false);
    const [a, b] = await Promise.all([fetch(`${base}/about?x=1`), fetch(`${base}/about?x=2`)]);
    const idA = a.headers.get("x-request-id");
    const idB = b.headers.get("x-request-id");
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).not.toBe(idA);
    expect(await a.text()).toContain(idA);
  });

  it("ignores a client's X-Request-Id unless the client is a trusted proxy", async () => {
    const untrusted = await serve(false);
    const ignored = await fetch(`${untrusted}/about`, { headers: { "X-Request-Id": "chosen-by-client-123" } });
    expect(ignored.headers.get("x-request-id")).not.toBe("chosen-by-client-123");
    closeServer?.();

    const trusted = await serve(["loopback"]);
    const kept = await fetch(`${trusted}/about`, { headers: { "X-Request-Id": "from-the-proxy-123" } });
    expect(kept.headers.get("x-request-id")).toBe("from-the-proxy-123");
    expect(await kept.text()).toContain("from-the-proxy-123");
  });

  it("refuses a proxy's id that could forge a log line or a header", () => {
    expect(requestIdFor("abc\ndef-ghij", true)).not.toContain("\n");
    expect(requestIdFor("x".repeat(200), true)).toHaveLength(36);
    expect(requestIdFor("short", true)).toHaveLength(36);
  });

  it("gives a page served from the page cache the id of the request that asked for it", async () => {
    const base = await serve(false);
    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const id = second.headers.get("x-request-id")!;
    expect(await second.text()).toContain(id);
    expect(id).not.toBe(first.headers.get("x-request-id"));
  });

  it("stamps every log line written while serving a request with its id", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    // The same mixin as app/utils/logger.server.ts.
    const log = pino({ base: undefined, mixin: () => (currentRequestId() ? { reqId: currentRequestId() } : {}) }, sink);
    const app = express();
    app.use(assignRequestId);
    app.get("/work", async (_req, res) => {
      await Promise.resolve();
      log.info("inside");
      res.end("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    closeServer = () => server.close();
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/work`);
    log.info("outside");
    expect(JSON.parse(lines[0]).reqId).toBe(response.headers.get("x-request-id"));
    expect(JSON.parse(lines[1]).reqId).toBeUndefined();
  });
});
