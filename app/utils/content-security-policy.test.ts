import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/utils/content-security-policy";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("contentSecurityPolicy", () => {
  it("allows scripts from this site and with the response's nonce, and no analytics host without analytics", () => {
    const policy = contentSecurityPolicy("abc123", { analytics: false });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
    expect(policy).not.toMatch(/google/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("allows the analytics script and its reporting hosts when the page loads analytics", () => {
    const policy = contentSecurityPolicy("abc123", { analytics: true });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123' https://www.googletagmanager.com");
    expect(directive(policy, "connect-src")).toContain("https://*.google-analytics.com");
    expect(directive(policy, "connect-src")).toContain("https://*.analytics.google.com");
  });
});
