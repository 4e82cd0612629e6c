import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What every log line of one request carries (logger.server.ts reads it). */
export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** The header that carries a request's id: read from a trusted proxy, always sent back. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a proxy may hand us: short, printable, nothing that could forge a log field or a header. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

/**
 * The id of a request: the one a trusted proxy sent in X-Request-Id (so the proxy's access log and
 * ours name the same request), otherwise a new random one. A client that is not a trusted proxy
 * cannot choose it (it could otherwise make its requests look like somebody else's in the logs).
 */
export function requestIdFor(headerValue: string | string[] | undefined, fromTrustedProxy: boolean) {
  const value = Array.isArray(headerValue) ? headerValue[0] : headerValue;
  if (fromTrustedProxy && value && ACCEPTABLE_ID.test(value)) return value;
  return randomUUID();
}

/** Runs `work` (and everything it starts) as part of the request `context`. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The id of the request being served, if any (undefined in jobs and at start-up). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
