import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { allowedHostname, defaultAllowedHosts } from "~/utils/allowed-hosts.server";
import { parseEnv } from "~/utils/env.server";

const lan = (address: string, family: "IPv4" | "IPv6") => ({ address, family }) as NetworkInterfaceInfo;

describe("the hosts the site answers under without SITE_URL", () => {
  it("are this machine's loopback names and the addresses of its network interfaces", () => {
    const hosts = defaultAllowedHosts({
      lo: [lan("127.0.0.1", "IPv4"), lan("::1", "IPv6")],
      wlan0: [lan("192.168.1.20", "IPv4"), lan("fe80::1c2b:3ff:fe4d:5e6f%wlan0", "IPv6"), lan("2001:DB8::20", "IPv6")],
    });
    expect(hosts).toEqual(["localhost", "127.0.0.1", "[::1]", "192.168.1.20", "[fe80::1c2b:3ff:fe4d:5e6f]", "[2001:db8::20]"]);
  });

  it("match a Host header by its name, whatever its port or letter case, and nothing else", () => {
    const allowed = ["localhost", "127.0.0.1", "[::1]", "192.168.1.20", ".clinic.example"];
    expect(allowedHostname("localhost:3000", allowed)).toBe("localhost");
    expect(allowedHostname("LocalHost", allowed)).toBe("localhost");
    expect(allowedHostname("[::1]:3000", allowed)).toBe("[::1]");
    expect(allowedHostname("[0:0:0:0:0:0:0:1]", allowed)).toBe("[::1]");
    expect(allowedHostname("192.168.1.20:3000", allowed)).toBe("192.168.1.20");
    expect(allowedHostname("lab.clinic.example", allowed)).toBe("lab.clinic.example");
    expect(allowedHostname("clinic.example", allowed)).toBe("clinic.example");
    for (const host of [undefined, "", "evil.example", "localhost.evil.example", "evilclinic.example", "localhost@evil.example", "evil.example#@localhost", "localhost/x", "localhost:abc", "192.168.1.21"]) {
      expect(allowedHostname(host, allowed), String(host)).toBeNull();
    }
  });

  it("ALLOWED_HOSTS adds names and addresses, and a wrong entry stops start-up", () => {
    expect(parseEnv({}).ALLOWED_HOSTS).toEqual([]);
    expect(parseEnv({ ALLOWED_HOSTS: "LabTest.lan, .clinic.example,10.0.0.5, fd00::5" }).ALLOWED_HOSTS).toEqual([
      "labtest.lan",
      ".clinic.example",
      "10.0.0.5",
      "[fd00::5]",
    ]);
    expect(() => parseEnv({ ALLOWED_HOSTS: "https://labtest.lan, labtest.lan:3000" })).toThrow(
      /ALLOWED_HOSTS: .*"https:\/\/labtest.lan", "labtest.lan:3000"/,
    );
  });
});
