import { isIP } from "node:net";
import { z } from "zod";

/** Named ranges Express's `trust proxy` setting accepts besides addresses and CIDR ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(value: string) {
  if (RANGE_NAMES.has(value)) return true;
  const [address, prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY, turned into Express's `trust proxy` setting: the number of proxies in front of the
 * app whose X-Forwarded-For entries are believed (a hop count), or the proxies themselves (a
 * comma-separated list of addresses and CIDR ranges). Unset: the client is the peer of the socket
 * and X-Forwarded-For is ignored, since any client can send it.
 */
export const TrustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined) return false;
    if (/^\d+$/.test(value.trim())) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length) {
      ctx.addIssue({
        code: "custom",
        message: `must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (not ${wrong.map((entry) => `"${entry}"`).join(", ")})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The request header through which the app hands better-auth the client address it trusts. */
export const CLIENT_ADDRESS_HEADER = "x-labtest-client-address";

/** A copy of `headers` carrying the trusted client address, whatever the client sent in its place. */
export function withClientAddress(headers: Headers, clientAddress: string) {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return copy;
}

/**
 * What a rate limit counts as one client: an IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses is easy to dodge).
 */
export function clientNetwork(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
