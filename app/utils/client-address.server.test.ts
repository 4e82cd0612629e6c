import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { clientNetwork } from "~/utils/client-address.server";
import { parseEnv } from "~/utils/env.server";

/** The address Express reports for a request from this machine carrying `forwardedFor`. */
async function addressSeen(TRUST_PROXY: string | undefined, forwardedFor: string) {
  const server = express();
  server.set("trust proxy", parseEnv({ TRUST_PROXY }).TRUST_PROXY);
  server.get("/", (req, res) => {
    res.send(req.ip);
  });
  const listening = server.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  try {
    const { port } = listening.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": forwardedFor } });
    return await response.text();
  } finally {
    await new Promise((resolve) => listening.close(resolve));
  }
}

describe("TRUST_PROXY", () => {
  it("is off unless set, and takes a hop count or a list of proxy addresses and CIDR ranges", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("stops start-up with a message naming it when the value is wrong", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must be a hop count or .*"true"/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.1, proxy.example" })).toThrow(/"proxy.example"/);
  });

  it("without it, X-Forwarded-For is ignored: the client is the socket's peer", async () => {
    expect(await addressSeen(undefined, "203.0.113.9")).toMatch(/127\.0\.0\.1$/);
  });

  it("with it, the address the trusted proxy forwarded is the client, not one the client made up", async () => {
    // The client sent "X-Forwarded-For: 198.51.100.1"; our one proxy appended the address it saw.
    expect(await addressSeen("1", "198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
    expect(await addressSeen("127.0.0.1", "198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
    expect(await addressSeen("10.0.0.0/8", "203.0.113.9")).toMatch(/127\.0\.0\.1$/);
  });
});

describe("clientNetwork", () => {
  it("counts an IPv4 address as itself and an IPv6 address by its /64 network", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("2001:db8:0:12:aaaa::1")).toBe("2001:db8:0:12::/64");
    expect(clientNetwork("2001:DB8:0000:0012:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:12::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });
});
