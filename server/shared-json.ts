// A JSON answer that is the same for every caller and shared between requests (the suggestions as
// you type, decision 0035). Its bytes, its compressed forms and its ETag are made once per answer and
// kept as long as the answer is (a WeakMap on the shared value), so a request costs a look-up instead
// of JSON.stringify, a hash and a zlib stream of its own: the stream alone was a quarter of the
// endpoint's CPU under load. Answers are never changed once shared, so their bytes cannot go stale.
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { brotliOptions, chooseEncoding, gzipOptions, MIN_COMPRESSED_BYTES } from "./compress-documents";

/** Compressed once per answer, so a smaller answer is worth a dearer quality than a page's. */
const KEPT_BROTLI_QUALITY = 3;

type Encoded = { json: Buffer; etag: string; gzip?: Buffer; br?: Buffer };
const encodedAnswers = new WeakMap<object, Encoded>();

function encode(answer: object): Encoded {
  let encoded = encodedAnswers.get(answer);
  if (!encoded) {
    const json = Buffer.from(JSON.stringify(answer));
    // Weak: the same answer is sent in several encodings.
    encoded = { json, etag: `W/"${createHash("sha1").update(json).digest("base64url")}"` };
    encodedAnswers.set(answer, encoded);
  }
  return encoded;
}

/** Sends `answer` as JSON with `cacheControl`, compressed as the client accepts, or 304 when its copy is current. */
export function sendSharedJson(req: Request, res: Response, answer: object, cacheControl: string) {
  const encoded = encode(answer);
  res.set({ "Cache-Control": cacheControl, "Content-Type": "application/json; charset=utf-8", ETag: encoded.etag });
  res.vary("Accept-Encoding");
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // Made synchronously, once per answer and encoding: 1-2 KB.
  const encoding = encoded.json.byteLength >= MIN_COMPRESSED_BYTES ? chooseEncoding(req.headers["accept-encoding"]) : null;
  let body = encoded.json;
  if (encoding === "br") body = encoded.br ??= brotliCompressSync(encoded.json, brotliOptions(encoded.json.byteLength, KEPT_BROTLI_QUALITY));
  else if (encoding === "gzip") body = encoded.gzip ??= gzipSync(encoded.json, gzipOptions);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.byteLength);
  res.end(body);
}
