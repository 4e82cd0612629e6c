import type { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isPublicAddress, literalAddress, publicOnlyLookup, RefusedAddressError } from "~/modules/webhooks/public-address.server";

export type PostOptions = {
  headers: Headers;
  body: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: let the request reach loopback and private networks (development, tests). */
  allowPrivateAddresses: boolean;
  /** The DNS lookup to check and connect with; tests replace it. */
  resolve?: typeof dnsLookup;
};

/**
 * POSTs the body to a webhook receiver and resolves with the HTTP status (redirects are not
 * followed). Unless private addresses are allowed, it connects only to a public address: a
 * literal IP is checked here, a name by the socket's lookup, which rejects with RefusedAddressError.
 */
export function postToReceiver(url: URL, options: PostOptions) {
  return new Promise<number>((resolve, reject) => {
    const literal = literalAddress(url);
    if (!options.allowPrivateAddresses && literal && !isPublicAddress(literal)) {
      reject(new RefusedAddressError(literal, literal));
      return;
    }
    const headers = Object.fromEntries(options.headers);
    headers["content-length"] = String(Buffer.byteLength(options.body));
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers,
        agent: false,
        lookup: options.allowPrivateAddresses ? options.resolve : publicOnlyLookup(options.resolve),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on("error", (error) =>
      reject(error.name === "AbortError" ? new Error(`Receiver did not answer within ${options.timeoutMs / 1000} s`) : error),
    );
    request.end(options.body);
  });
}
