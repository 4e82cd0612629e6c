import type { AddressInfo } from "node:net";
import type * as Zlib from "node:zlib";
import express from "express";
import { expect, it, vi } from "vitest";
import { compressDocuments, SYNC_BROTLI_MAX_BYTES } from "../../server/compress-documents";
import { rawGet } from "./raw-get";

// Compressing fails (for example when zlib cannot get the memory): the page must still
// go out, whole, as it is. Only compressDocuments is mounted, to see what it sends by itself.
vi.mock("node:zlib", async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  const fail = (_buffer: unknown, _options: unknown, callback: (error: Error) => void) => callback(new Error("Cannot allocate memory"));
  const failNow = () => {
    throw new Error("Cannot allocate memory");
  };
  return { ...zlib, brotliCompress: fail, brotliCompressSync: failNow, gzip: fail };
});

const PAGE = `<!DOCTYPE html><html><body>${"<p>Lipid Profile, AED 72.00</p>".repeat(200)}</body></html>`;
// Brotli above this size goes to the thread pool, below it is compressed in place: both can fail.
const LARGE_PAGE = `<!DOCTYPE html><html><body>${"<p>Lipid Profile, AED 72.00</p>".repeat(Math.ceil(SYNC_BROTLI_MAX_BYTES / 30) + 1)}</body></html>`;

it.each([
  { encoding: "br", size: "small", page: PAGE },
  { encoding: "gzip", size: "small", page: PAGE },
  { encoding: "br", size: "large", page: LARGE_PAGE },
])("a $size page whose $encoding compression fails is sent uncompressed, whole and with its length", async ({ encoding, page }) => {
  const app = express();
  app.use(compressDocuments);
  app.get("/page", (_req, res) => res.type("html").end(page));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await rawGet(port, "/page", { "Accept-Encoding": encoding });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(Number(response.headers["content-length"])).toBe(response.body.byteLength);
    expect(response.body.toString()).toBe(page);
  } finally {
    server.close();
  }
});
