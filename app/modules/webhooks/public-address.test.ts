import type { lookup as dnsLookup, LookupAddress } from "node:dns";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { postToReceiver } from "~/modules/webhooks/post-to-receiver.server";
import {
  isPublicAddress,
  PUBLIC_ADDRESS_MESSAGE,
  publicOnlyLookup,
  RefusedAddressError,
  UNKNOWN_HOST_MESSAGE,
  webhookUrlProblem,
} from "~/modules/webhooks/public-address.server";

/** A DNS resolver answering every name with these addresses (or failing when given none). */
function resolverAnswering(...addresses: string[]) {
  const lookups: string[] = [];
  const resolve = ((hostname: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) => {
    lookups.push(hostname);
    if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })));
  }) as unknown as typeof dnsLookup;
  return Object.assign(resolve, { lookups });
}

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "IPv6 loopback"],
    ["0.0.0.0", "unspecified"],
    ["::", "IPv6 unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["169.254.10.20", "link-local"],
    ["169.254.169.254", "cloud metadata"],
    ["fe80::1", "IPv6 link-local"],
    ["fc00::1", "IPv6 unique local"],
    ["fd00:ec2::254", "AWS IPv6 metadata"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["0:0:0:0:0:ffff:7f00:1", "IPv4-mapped loopback, written out"],
    ["::FFFF:7F00:0001", "IPv4-mapped loopback, capitals"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata, hex form"],
    ["::ffff:c0a8:101", "IPv4-mapped private, hex form"],
    ["::ffff:0.0.0.0", "IPv4-mapped unspecified"],
    ["::ffff:0:7f00:1", "IPv4-translated (SIIT) loopback"],
    ["::ffff:0:a9fe:a9fe", "IPv4-translated (SIIT) metadata"],
    ["::ffff:0:808:808", "IPv4-translated (SIIT), not routed on the internet"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "IPv6 multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "documentation"],
    ["2001:db8::1", "IPv6 documentation"],
    ["localhost", "not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "169.255.0.1", "2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8", "::ffff:808:808"])(
    "allows the public address %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("publicOnlyLookup", () => {
  const lookup = (resolve: typeof dnsLookup, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((settle) =>
      publicOnlyLookup(resolve)("hooks.example.ae", { all }, (error, address) => settle({ error, address })),
    );

  it("fails when any address the name resolves to is not public", async () => {
    const { error } = await lookup(resolverAnswering("93.184.216.34", "10.0.0.5"), true);
    expect(error).toBeInstanceOf(RefusedAddressError);
    expect(error?.message).toBe(`${PUBLIC_ADDRESS_MESSAGE} (hooks.example.ae resolves to 10.0.0.5)`);
  });

  it("answers with the checked public addresses, in the form the socket asked for", async () => {
    expect(await lookup(resolverAnswering("93.184.216.34", "2606:2800:220:1::1"), true)).toEqual({
      error: null,
      address: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800:220:1::1", family: 6 },
      ],
    });
    expect(await lookup(resolverAnswering("93.184.216.34"), false)).toEqual({ error: null, address: "93.184.216.34" });
  });
});

describe("webhookUrlProblem (saving a webhook)", () => {
  it.each([
    "http://127.0.0.1:8080/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:7f00:1]:8080/hook",
    "http://[0:0:0:0:0:ffff:a9fe:a9fe]/latest/meta-data",
    "http://[::ffff:0:7f00:1]/hook",
    "http://2130706433/hook",
    "http://0x7f.1/hook",
    "http://169.254.169.254/latest/meta-data",
    "https://192.168.0.10/hook",
    "http://localhost:3000/hook",
  ])("refuses %s", async (url) => {
    expect(await webhookUrlProblem(url, { allowPrivateAddresses: false })).toBe(PUBLIC_ADDRESS_MESSAGE);
  });

  it("refuses a name whose AAAA record is an IPv4-mapped private address", async () => {
    for (const address of ["::ffff:7f00:1", "::ffff:10.0.0.5", "::ffff:0:a9fe:a9fe"]) {
      const resolve = resolverAnswering("93.184.216.34", address);
      expect(await webhookUrlProblem("https://crm.example.ae/hook", { allowPrivateAddresses: false, resolve }), address).toBe(PUBLIC_ADDRESS_MESSAGE);
    }
  });

  it("refuses a name that resolves to a private address, and a name that does not resolve", async () => {
    const privateName = resolverAnswering("10.20.30.40");
    expect(await webhookUrlProblem("https://crm.example.ae/hook", { allowPrivateAddresses: false, resolve: privateName })).toBe(
      PUBLIC_ADDRESS_MESSAGE,
    );
    expect(privateName.lookups).toEqual(["crm.example.ae"]);
    expect(await webhookUrlProblem("https://nowhere.example.ae/hook", { allowPrivateAddresses: false, resolve: resolverAnswering() })).toBe(
      UNKNOWN_HOST_MESSAGE,
    );
  });

  it("accepts a public address or a name resolving only to public addresses", async () => {
    expect(await webhookUrlProblem("https://93.184.216.34/hook", { allowPrivateAddresses: false })).toBeNull();
    const resolve = resolverAnswering("93.184.216.34");
    expect(await webhookUrlProblem("https://crm.example.ae/hook", { allowPrivateAddresses: false, resolve })).toBeNull();
  });

  it("accepts any address when private addresses are allowed (WEBHOOK_ALLOW_PRIVATE)", async () => {
    expect(await webhookUrlProblem("http://127.0.0.1:8080/hook", { allowPrivateAddresses: true })).toBeNull();
  });
});

describe("postToReceiver (delivery)", () => {
  const received: { host?: string; headers: IncomingHttpHeaders }[] = [];
  const receiver = createServer((request, response) => {
    received.push({ host: request.headers.host, headers: request.headers });
    request.resume();
    response.writeHead(204).end();
  });
  const ready = new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  const port = async () => {
    await ready;
    return (receiver.address() as AddressInfo).port;
  };
  const post = async (host: string, allowPrivateAddresses: boolean, resolve?: typeof dnsLookup) =>
    postToReceiver(new URL(`http://${host}:${await port()}/hook`), {
      headers: new Headers({ "Content-Type": "application/json" }),
      body: "{}",
      timeoutMs: 5_000,
      allowPrivateAddresses,
      resolve,
    });

  it("refuses a name that resolves to a private address, without connecting", async () => {
    received.length = 0;
    await expect(post("receiver.example.ae", false, resolverAnswering("127.0.0.1"))).rejects.toThrow(
      `${PUBLIC_ADDRESS_MESSAGE} (receiver.example.ae resolves to 127.0.0.1)`,
    );
    await expect(post("localhost", false)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(post("127.0.0.1", false)).rejects.toThrow(`${PUBLIC_ADDRESS_MESSAGE} (127.0.0.1)`);
    await expect(post("[::ffff:7f00:1]", false)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(post("[::ffff:0:7f00:1]", false)).rejects.toBeInstanceOf(RefusedAddressError);
    expect(received).toHaveLength(0);
  });

  it("connects to the address it resolved, keeping the name as Host, when private addresses are allowed", async () => {
    received.length = 0;
    const resolve = resolverAnswering("127.0.0.1");
    expect(await post("receiver.example.ae", true, resolve)).toBe(204);
    expect(resolve.lookups).toEqual(["receiver.example.ae"]);
    expect(received).toMatchObject([{ host: `receiver.example.ae:${await port()}` }]);
  });
});
