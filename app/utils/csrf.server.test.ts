import { describe, expect, it } from "vitest";
import { csrfTokenFor, csrfTokenOf, hasValidCsrfToken, requireCsrfToken } from "~/utils/csrf.server";
import { FORM_EXPIRED_MESSAGE } from "~/components/csrf-field";

const request = (cookie?: string) =>
  new Request("http://localhost:3999/profile", { method: "POST", headers: cookie ? { cookie } : {} });
const session = (token: string, prefix = "") => `theme=dark; ${prefix}better-auth.session_token=${token}.c2lnbmF0dXJl%3D`;
const form = (csrf?: string) => {
  const data = new FormData();
  data.set("firstName", "Aisha");
  if (csrf !== undefined) data.set("csrf", csrf);
  return data;
};

describe("anti-CSRF tokens", () => {
  it("gives the same session the same token, and another session another one", () => {
    const token = csrfTokenFor(request(session("abc123")));
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(csrfTokenFor(request(session("abc123")))).toBe(token);
    expect(csrfTokenFor(request(session("abc123", "__Secure-")))).toBe(token);
    expect(token).toBe(csrfTokenOf("abc123"));
    expect(csrfTokenFor(request(session("xyz789")))).not.toBe(token);
  });

  it("has no token without a session cookie", () => {
    expect(csrfTokenFor(request())).toBeNull();
    expect(csrfTokenFor(request("theme=dark"))).toBeNull();
  });

  it("accepts the session's own token, and any form without a session", () => {
    expect(hasValidCsrfToken(request(session("abc123")), form(csrfTokenOf("abc123")))).toBe(true);
    expect(hasValidCsrfToken(request(), form())).toBe(true);
  });

  it("refuses a missing, garbled or other session's token", () => {
    const signedIn = request(session("abc123"));
    const own = csrfTokenOf("abc123");
    expect(hasValidCsrfToken(signedIn, form())).toBe(false);
    expect(hasValidCsrfToken(signedIn, form(""))).toBe(false);
    expect(hasValidCsrfToken(signedIn, form(own.slice(1)))).toBe(false);
    expect(hasValidCsrfToken(signedIn, form(`${own.slice(0, -1)}${own.endsWith("A") ? "B" : "A"}`))).toBe(false);
    expect(hasValidCsrfToken(signedIn, form("wapiti"))).toBe(false);
    expect(hasValidCsrfToken(signedIn, form(csrfTokenOf("xyz789")))).toBe(false);
    const file = form();
    file.set("csrf", new File([own], "token.txt"));
    expect(hasValidCsrfToken(signedIn, file)).toBe(false);
  });

  it("refuses with a 403 that says the form expired", async () => {
    const thrown = (() => {
      try {
        requireCsrfToken(request(session("abc123")), form(csrfTokenOf("xyz789")));
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await (thrown as Response).text()).toBe(FORM_EXPIRED_MESSAGE);
    expect(() => requireCsrfToken(request(session("abc123")), form(csrfTokenOf("abc123")))).not.toThrow();
  });
});
