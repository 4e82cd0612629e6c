import { networkInterfaces } from "node:os";
import { z } from "zod";

// Without SITE_URL the site answers only under the addresses of this list (Django's ALLOWED_HOSTS):
// a request naming any other host is refused, so no link the app builds (a password-reset e-mail,
// a payment's return address) can point at a host an attacker wrote into the Host header.

/** A host name as the URL parser writes it: lower case, IPv6 in brackets, IPv4 in dotted form. */
function canonicalHostname(host: string): string | null {
  try {
    const url = new URL(`http://${host}`);
    return url.username || url.password || url.port || url.pathname !== "/" || url.search || url.hash ? null : url.hostname;
  } catch {
    return null;
  }
}

/** An IP address or a name as it may appear in the Host header, without a port. */
function hostnameOf(address: string): string | null {
  const bare = address.replace(/%.*$/, ""); // an IPv6 zone (fe80::1%eth0) never appears in a Host header
  return canonicalHostname(bare.includes(":") && !bare.startsWith("[") ? `[${bare}]` : bare);
}

/**
 * ALLOWED_HOSTS: more names or addresses the site answers under without SITE_URL, comma-separated;
 * a leading dot (".example.ae") also admits every subdomain.
 */
export const AllowedHostsSchema = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    if (value === undefined) return [];
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const kept: string[] = [];
    const wrong: string[] = [];
    for (const entry of entries) {
      const subdomains = entry.startsWith(".");
      const hostname = hostnameOf(subdomains ? entry.slice(1) : entry);
      if (hostname && !(subdomains && hostname.startsWith("["))) kept.push(subdomains ? `.${hostname}` : hostname);
      else wrong.push(entry);
    }
    if (wrong.length) {
      ctx.addIssue({
        code: "custom",
        message: `must be host names or addresses without a scheme or port, comma-separated (not ${wrong.map((entry) => `"${entry}"`).join(", ")})`,
      });
      return z.NEVER;
    }
    return kept;
  });

/** This machine by name and loopback address, and every address of its network interfaces now. */
export function defaultAllowedHosts(interfaces = networkInterfaces()): string[] {
  const addresses = Object.values(interfaces).flatMap((list) => (list ?? []).map((entry) => entry.address));
  const hosts = ["localhost", "127.0.0.1", "::1", ...addresses].map(hostnameOf).filter((host): host is string => host !== null);
  return [...new Set(hosts)];
}

/**
 * The host name of a Host header value (`host[:port]`) when it is on `allowed`, else null; a
 * value that is not a plain host and port never is.
 */
export function allowedHostname(host: string | undefined, allowed: readonly string[]): string | null {
  if (!host || !/^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:\d{1,5})?$/i.test(host)) return null;
  const hostname = canonicalHostname(host.replace(/:\d+$/, ""));
  if (!hostname) return null;
  const match = allowed.some((entry) =>
    entry.startsWith(".") ? hostname === entry.slice(1) || hostname.endsWith(entry) : hostname === entry,
  );
  return match ? hostname : null;
}
