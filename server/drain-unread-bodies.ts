// React Router's request adapter starts reading every body at once and pauses when its buffer is
// full. When an action answers without reading the body (a 413 for a declared size over the limit,
// a redirect to sign in), nothing resumes it: the client stalls mid-upload and the kept-alive
// connection with it. After the answer, the rest of such a body is read and thrown away; past
// MAX_DRAIN_BYTES the connection is cut instead.
import type { NextFunction, Request, Response } from "express";

const MAX_DRAIN_BYTES = 16 * 1024 * 1024;

export function drainUnreadBodies(req: Request, res: Response, next: NextFunction) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    let drained = 0;
    req.on("data", (chunk: Buffer) => {
      drained += chunk.byteLength;
      if (drained > MAX_DRAIN_BYTES) req.destroy();
    });
    req.resume();
  });
  next();
}
