import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressDocuments } from "../../server/compress-documents";
import { sendSharedJson } from "../../server/shared-json";
import { rawGet as get } from "./raw-get";

/** Answers of the size the suggestions have (1-2 KB), and a small one. */
const answer = (q: string, name: string) => ({
  q,
  suggestions: Array.from({ length: 8 }, (_, i) => ({ kind: "test", label: `${name} ${i} - Al Ain Oasis Laboratory`, highlight: [0, 3], path: `/product/${name.toLowerCase()}-${i}-al-ain-oasis-laboratory` })),
});
const vitamins = answer("vit", "Vitamin");
const thyroid = answer("thy", "Thyroid");
const short = { q: "zz", suggestions: [] };

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

/** As server/index.js and server/app.ts: `compression` and compressDocuments around the route. */
async function serve() {
  const answers: Record<string, object> = { vit: vitamins, thy: thyroid, zz: short };
  const app = express();
  app.use(compression({ level: 3 }));
  app.use(compressDocuments);
  app.get("/api/suggest", (req, res) => sendSharedJson(req, res, answers[String(req.query.q)], "public, max-age=60"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => server.close();
  return (server.address() as AddressInfo).port;
}

describe("sendSharedJson", () => {
  it("sends each answer as the client accepts it: brotli, gzip or as it is, with its length and Vary", async () => {
    const port = await serve();
    const br = await get(port, "/api/suggest?q=vit", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=60");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers["content-length"])).toBe(br.body.byteLength);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(vitamins);
    const gzip = await get(port, "/api/suggest?q=vit", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(vitamins);
    const plain = await get(port, "/api/suggest?q=vit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(vitamins);
  });

  it("keeps each answer's bytes apart, however the requests for them alternate", async () => {
    const port = await serve();
    for (const [q, answer] of [["vit", vitamins], ["thy", thyroid], ["vit", vitamins], ["thy", thyroid]] as const) {
      const response = await get(port, `/api/suggest?q=${q}`, { "Accept-Encoding": "gzip" });
      expect(JSON.parse(gunzipSync(response.body).toString())).toEqual(answer);
    }
    const [first, second] = [await get(port, "/api/suggest?q=vit"), await get(port, "/api/suggest?q=thy")];
    expect(first.headers.etag).not.toBe(second.headers.etag);
  });

  it("answers 304 without a body when the client's copy is current, and the answer when it is not", async () => {
    const port = await serve();
    const first = await get(port, "/api/suggest?q=vit", { "Accept-Encoding": "gzip" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(port, "/api/suggest?q=vit", { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const other = await get(port, "/api/suggest?q=thy", { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(other.status).toBe(200);
    expect(JSON.parse(gunzipSync(other.body).toString())).toEqual(thyroid);
  });

  it("sends a small answer as it is", async () => {
    const port = await serve();
    const response = await get(port, "/api/suggest?q=zz", { "Accept-Encoding": "br" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toEqual(short);
  });
});
