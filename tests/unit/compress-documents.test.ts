import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { chooseEncoding, compressDocuments } from "../../server/compress-documents";
import { rawGet as get } from "./raw-get";

const PAGE = `<!DOCTYPE html><html><body>${"<p>Lipid Profile, AED 72.00</p>".repeat(200)}</body></html>`;

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** As server/index.js and server/app.ts: `compression` first, then compressDocuments inside the app. */
async function serve() {
  const app = express();
  app.use(compression({ level: 3 }));
  app.use(compressDocuments);
  app.get("/page", (_req, res) => {
    res.type("html");
    res.write(PAGE.slice(0, 1000));
    res.end(PAGE.slice(1000));
  });
  app.get("/small", (_req, res) => res.type("html").end("<p>short</p>"));
  app.get("/data", (_req, res) => res.json({ rows: PAGE }));
  app.get("/no-transform", (_req, res) => res.type("html").set("Cache-Control", "no-transform").end(PAGE));
  app.get("/empty", (_req, res) => res.status(204).type("html").end());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  return (server.address() as AddressInfo).port;
}

describe("compressDocuments", () => {
  it("sends a page as brotli to a browser that accepts it, whole and with its length", async () => {
    const port = await serve();
    const response = await get(port, "/page", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(response.headers["content-length"])).toBe(response.body.byteLength);
    expect(response.body.byteLength).toBeLessThan(PAGE.length / 5);
    expect(brotliDecompressSync(response.body).toString()).toBe(PAGE);
  });

  it("sends gzip to a client that accepts only gzip, and the page as it is to one that accepts nothing", async () => {
    const port = await serve();
    const gzipped = await get(port, "/page", { "Accept-Encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(PAGE);
    const plain = await get(port, "/page");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it("leaves small pages, no-transform pages and bodiless answers as they are", async () => {
    const port = await serve();
    const small = await get(port, "/small", { "Accept-Encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>short</p>");
    const kept = await get(port, "/no-transform", { "Accept-Encoding": "br" });
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString()).toBe(PAGE);
    const empty = await get(port, "/empty", { "Accept-Encoding": "br" });
    expect(empty.status).toBe(204);
    expect(empty.body.byteLength).toBe(0);
  });

  it("leaves other responses to the compression middleware", async () => {
    const port = await serve();
    const data = await get(port, "/data", { "Accept-Encoding": "gzip" });
    expect(data.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(data.body).toString())).toEqual({ rows: PAGE });
  });
});

describe("chooseEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR;Q=0.5, GZIP;q=1", "gzip"],
    ["br;q=1, gzip;q=0.8", "br"],
    ["*", "br"],
    ["gzip;q=0, *;q=0", null],
    ["identity", null],
    ["deflate", null],
  ] as const)("Accept-Encoding %j gives %j", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
