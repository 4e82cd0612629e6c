import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { getEnv } from "~/utils/env.server";

export const PUBLIC_ADDRESS_MESSAGE = "Webhook URL must point to a public address";
export const UNKNOWN_HOST_MESSAGE = "Webhook URL host could not be found";

/**
 * Addresses a webhook may never reach: this host, private networks, link-local (which holds the
 * cloud metadata service 169.254.169.254), carrier-grade NAT, multicast and the other
 * special-purpose ranges of the IANA registries, and the IPv6 ranges that carry an IPv4 address
 * to another network (NAT64, 6to4, Teredo, IPv4-translated). An IPv4-mapped address
 * (::ffff:0:0/96, e.g. ::ffff:127.0.0.1 or ::ffff:7f00:1) is the IPv4 address it carries: it is
 * unwrapped here and checked against the IPv4 ranges, whatever BlockList itself does with it.
 */
const notPublic = new BlockList();
const IPV4_RANGES: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const IPV6_RANGES: [string, number][] = [
  ["::", 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT), never routed on the internet
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];
for (const [network, prefix] of IPV4_RANGES) notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of IPV6_RANGES) notPublic.addSubnet(network, prefix, "ipv6");

/** The eight 16-bit groups of an IPv6 address (any spelling the URL parser accepts), or null. */
function ipv6Groups(address: string): number[] | null {
  let hostname: string;
  try {
    // The URL parser writes every spelling the same way: lower case, hex groups, "::" once.
    hostname = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head, tail] = hostname.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:0:0/96) carries, or null for any other. */
function mappedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
}

/** True for an IP address on the public internet; false for special-purpose ranges and non-addresses. */
export function isPublicAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const ipv4 = mappedIpv4(address);
    if (ipv4) return !notPublic.check(ipv4, "ipv4");
  }
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A receiver's address that is not public; the delivery is logged as failed and not retried. */
export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    super(host === address ? `${PUBLIC_ADDRESS_MESSAGE} (${address})` : `${PUBLIC_ADDRESS_MESSAGE} (${host} resolves to ${address})`);
    this.name = "RefusedAddressError";
  }
}

/** The host of a URL as an IP address when it is written as one (IPv6 without its brackets), else null. */
export function literalAddress(url: URL) {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) ? host : null;
}

/**
 * A `lookup` for outbound sockets that fails unless every address the name resolves to is public.
 * The socket connects to the address this returns, so a DNS answer cannot change between the
 * check and the connection (DNS rebinding). Sockets to a literal IP skip lookup: see literalAddress.
 */
export function publicOnlyLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(new RefusedAddressError(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Why a webhook URL may not be saved, or null when it may: its host must resolve, and only to
 * public addresses, unless private addresses are allowed (WEBHOOK_ALLOW_PRIVATE). Delivery checks
 * again, since a name can point elsewhere later.
 */
export async function webhookUrlProblem(
  url: string,
  { allowPrivateAddresses = getEnv().WEBHOOK_ALLOW_PRIVATE, resolve = dnsLookup } = {},
): Promise<string | null> {
  if (allowPrivateAddresses) return null;
  const parsed = new URL(url);
  const literal = literalAddress(parsed);
  if (literal) return isPublicAddress(literal) ? null : PUBLIC_ADDRESS_MESSAGE;
  return new Promise((settle) => {
    publicOnlyLookup(resolve)(parsed.hostname, { all: true }, (error) => {
      if (!error) settle(null);
      else settle(error instanceof RefusedAddressError ? PUBLIC_ADDRESS_MESSAGE : UNKNOWN_HOST_MESSAGE);
    });
  });
}
