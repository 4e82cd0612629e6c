// Pages are rendered into one buffer (app/entry.server.tsx) and compressed here in one call; the
// `compression` middleware's zlib stream costs the event loop more (its round trips, flush and
// finish; issue 13). Everything else (static files, data, downloads, streams) is left to
// `compression` in server/index.js, which skips what is already encoded.
// Brotli, which browsers ask for, is compressed synchronously: at quality 1 a 64 KB search page takes
// 0.14 ms, less than the event loop's own share of a call on the thread pool (0.27-0.39 ms: the
// stream, the hand-off and the callbacks; bench/RESULTS.md, "Brotli without the thread pool").
// Gzip, several times slower, and very large pages still go to the thread pool.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** As `compression`: smaller bodies are sent as they are. */
export const MIN_COMPRESSED_BYTES = 1024;
/** The level `compression` has in server/index.js. */
export const gzipOptions = { level: 3 };
/**
 * Brotli for a page, compressed anew for every request: quality 1. On a 64 KB search page it costs
 * about a third of quality 3's CPU (0.25 against 0.66 ms in one call; 0.36-0.56 against 1.4-1.6 ms
 * on the thread pool, where quality 3's set-up also holds the event loop 0.6 ms) for 9 % more bytes,
 * still fewer than gzip's (bench/RESULTS.md, "Pages compressed as a browser asks"). What is compressed once and kept (server/shared-json.ts)
 * passes a higher quality.
 */
const DOCUMENT_BROTLI_QUALITY = 1;
export const brotliOptions = (byteLength: number, quality = DOCUMENT_BROTLI_QUALITY) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: byteLength },
});
/** Above this a page is brotli-compressed on the thread pool: some 2 ms of the event loop at quality 1. */
export const SYNC_BROTLI_MAX_BYTES = 1024 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The accepted encoding the client ranks highest, brotli on a tie; none when neither is accepted (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const rank = (name: string) => quality.get(name) ?? quality.get("*") ?? 0;
  const [br, gzip] = [rank("br"), rank("gzip")];
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

/** Brotli in this thread (see the top of this file); gzip and very large pages on the thread pool. */
function compressPage(payload: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(payload, gzipOptions);
  if (payload.byteLength > SYNC_BROTLI_MAX_BYTES) return brotliAsync(payload, brotliOptions(payload.byteLength));
  return new Promise((resolve) => resolve(brotliCompressSync(payload, brotliOptions(payload.byteLength))));
}

type Callback = (error?: Error | null) => void;

export function compressDocuments(req: Request, res: Response, next: NextFunction) {
  if (req.method === "HEAD") return next();
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  /** The body so far, while it is an HTML response being kept to compress; null once it is not. */
  let kept: Buffer[] | null | undefined;

  function keeping() {
    if (kept === undefined) {
      const html = /^text\/html\b/i.test(String(res.getHeader("Content-Type") ?? ""));
      const encoded = res.getHeader("Content-Encoding") !== undefined;
      kept = html && !encoded && !NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? "")) ? [] : null;
    }
    return kept;
  }
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const body = keeping();
    if (!body) return write(...[chunk, encoding, callback].filter((arg) => arg !== undefined));
    body.push(toBuffer(chunk, encoding));
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") process.nextTick(done as Callback);
    return true;
  }) as Response["write"];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    const body = keeping();
    if (!body) return end(...[chunk, encoding, callback].filter((arg) => arg !== undefined));
    const done = [chunk, encoding, callback].find((arg) => typeof arg === "function") as Callback | undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") body.push(toBuffer(chunk, encoding));
    const payload = Buffer.concat(body);
    if (payload.byteLength === 0) return end(...(done ? [done] : []));
    res.vary("Accept-Encoding");
    const send = (sent: Buffer, encoding: string | null) => {
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", sent.byteLength);
      end(...(done ? [sent, done] : [sent]));
    };
    const encodingToUse = payload.byteLength >= MIN_COMPRESSED_BYTES ? chooseEncoding(req.headers["accept-encoding"]) : null;
    if (!encodingToUse) {
      send(payload, null);
      return res;
    }
    // Should compressing fail, the page goes out as it is.
    compressPage(payload, encodingToUse).then((sent) => send(sent, encodingToUse), () => send(payload, null));
    return res;
  }) as Response["end"];
  next();
}
