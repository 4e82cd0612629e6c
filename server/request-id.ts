import type { NextFunction, Request, Response } from "express";
import { REQUEST_ID_HEADER, requestIdFor, runWithRequestContext } from "~/utils/request-context.server";

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Gives every request an id: X-Request-Id when the socket's peer is a proxy TRUST_PROXY names (or
 * within its hop count), otherwise a new one. Sent back in X-Request-Id, kept in res.locals for the
 * pages (the error page shows it) and in the async context that stamps every log line with it.
 */
export function assignRequestId(req: Request, res: Response, next: NextFunction) {
  const trust = req.app.get("trust proxy fn") as TrustFunction | undefined;
  const peer = req.socket.remoteAddress ?? "";
  const fromTrustedProxy = Boolean(trust && peer && trust(peer, 0));
  const requestId = requestIdFor(req.headers["x-request-id"], fromTrustedProxy);
  res.locals.requestId = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  runWithRequestContext({ requestId }, () => next());
}
