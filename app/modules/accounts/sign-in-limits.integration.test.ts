import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { handleAuthRequest } from "~/modules/accounts/auth-endpoints.server";
import { signIn } from "~/modules/accounts/sign-in.server";

const ATTACKER = "203.0.113.66";
const OWNER = "198.51.100.7";
const PASSWORD = "owner-password-2026";

const request = (headers: HeadersInit = {}) => new Request("http://localhost:3999/auth", { method: "POST", headers });

/** The cookies a successful sign-in sets, as the browser sends them back. */
function cookiesOf(outcome: Awaited<ReturnType<typeof signIn>>) {
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.message}`);
  return outcome.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The owner signs in once from their own browser, which keeps its cookies. */
async function ownersBrowser(email: string) {
  const cookie = cookiesOf(await signIn(request(), OWNER, email, PASSWORD));
  return { Cookie: cookie };
}

async function fail(times: number, email: string, address: string, headers: HeadersInit = {}) {
  for (let i = 0; i < times; i++) {
    expect(await signIn(request(headers), address, email, `wrong-guess-${i}`)).toMatchObject({ ok: false, error: "failed" });
  }
}

describe("sign-in limits", () => {
  it("blocks the guessing address while the owner still signs in from their own", async () => {
    await createAccount(db, { email: "victim@example.com", password: PASSWORD });
    await fail(5, "victim@example.com", ATTACKER);

    const blocked = await signIn(request(), ATTACKER, "victim@example.com", PASSWORD);
    expect(blocked).toMatchObject({ ok: false, error: "rate-limited" });
    if (!blocked.ok) expect(blocked.message).toMatch(/^Too many sign-in attempts\. Please try again in 1[45] minutes\.$/);

    expect(await signIn(request(), OWNER, "victim@example.com", PASSWORD)).toMatchObject({ ok: true });
  });

  it("says so in Arabic on the Arabic sign-in page", async () => {
    await createAccount(db, { email: "victim@example.com", password: PASSWORD });
    await fail(5, "victim@example.com", ATTACKER);
    const arabic = new Request("http://localhost:3999/ar/auth", { method: "POST" });
    const blocked = await signIn(arabic, ATTACKER, "victim@example.com", PASSWORD);
    expect(blocked).toMatchObject({ ok: false, error: "rate-limited" });
    if (!blocked.ok) expect(blocked.message).toMatch(/^محاولات تسجيل دخول كثيرة\. يرجى المحاولة مرة أخرى بعد 1[45] دقيقة\.$/);
  });

  it("an address guessing many accounts is blocked for all of them", async () => {
    await createAccount(db, { email: "next@example.com", password: PASSWORD });
    for (let n = 0; n < 30; n++) await fail(1, `user${n}@example.com`, ATTACKER);

    expect(await signIn(request(), ATTACKER, "next@example.com", PASSWORD)).toMatchObject({ error: "rate-limited" });
    expect(await signIn(request(), OWNER, "next@example.com", PASSWORD)).toMatchObject({ ok: true });
  });

  it("guesses at one account from many addresses only slow it down for a few minutes", async () => {
    await createAccount(db, { email: "popular@example.com", password: PASSWORD });
    for (let n = 0; n < 10; n++) await fail(1, "popular@example.com", `203.0.113.${n + 1}`);

    const slowed = await signIn(request(), OWNER, "popular@example.com", PASSWORD);
    expect(slowed).toMatchObject({ ok: false, error: "rate-limited" });
    if (!slowed.ok) expect(slowed.message).toMatch(/try again in [1-5] minutes?\./);

    await db.execute(sql`update rate_limits set reset_at = now() where key like 'sign-in:account:%'`);
    expect(await signIn(request(), OWNER, "popular@example.com", PASSWORD)).toMatchObject({ ok: true });
  });

  it("a forged X-Forwarded-For header does not give the attacker fresh attempts", async () => {
    await createAccount(db, { email: "victim@example.com", password: PASSWORD });
    for (let i = 0; i < 5; i++) await fail(1, "victim@example.com", ATTACKER, { "X-Forwarded-For": `192.0.2.${i}` });

    const blocked = await signIn(request({ "X-Forwarded-For": "192.0.2.200" }), ATTACKER, "victim@example.com", PASSWORD);
    expect(blocked).toMatchObject({ error: "rate-limited" });
  });

  it("parallel guesses cannot slip past the limit", async () => {
    await createAccount(db, { email: "victim@example.com", password: PASSWORD });
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(request(), ATTACKER, "victim@example.com", `parallel-${i}`)),
    );
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.error === "failed")).toHaveLength(5);
    expect(await signIn(request(), ATTACKER, "victim@example.com", PASSWORD)).toMatchObject({ error: "rate-limited" });
  });

  it("successful sign-ins do not use up the limit, and clear the owner's earlier typos", async () => {
    await createAccount(db, { email: "regular@example.com", password: PASSWORD });
    for (let i = 0; i < 8; i++) {
      expect(await signIn(request(), OWNER, "regular@example.com", PASSWORD)).toMatchObject({ ok: true });
    }
    for (let round = 0; round < 2; round++) {
      await fail(4, "regular@example.com", OWNER);
      expect(await signIn(request(), OWNER, "regular@example.com", PASSWORD)).toMatchObject({ ok: true });
    }
  });

  it("better-auth's own sign-in endpoint is not reachable, so the limits cannot be sidestepped", async () => {
    await createAccount(db, { email: "victim@example.com", password: PASSWORD });
    await fail(5, "victim@example.com", ATTACKER);

    for (const path of ["/api/auth/sign-in/email", "/api/auth//sign-in/email", "/api/auth/sign-in/email/"]) {
      const response = await handleAuthRequest(
        new Request(`http://localhost:3999${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: "http://localhost:3999" },
          body: JSON.stringify({ email: "victim@example.com", password: PASSWORD }),
        }),
        ATTACKER,
      );
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  describe("the owner's own browser (a device cookie from a past sign-in, OWASP's scheme)", () => {
    it("signs in with the right password while guesses from many addresses hold the account", async () => {
      await createAccount(db, { email: "popular@example.com", password: PASSWORD });
      const browser = await ownersBrowser("popular@example.com");
      for (let n = 0; n < 10; n++) await fail(1, "popular@example.com", `203.0.113.${n + 1}`);

      expect(await signIn(request(), "198.51.100.99", "popular@example.com", PASSWORD)).toMatchObject({ error: "rate-limited" });
      expect(await signIn(request(browser), OWNER, "popular@example.com", PASSWORD)).toMatchObject({ ok: true });
      expect(await signIn(request(browser), "192.0.2.50", "popular@example.com", PASSWORD)).toMatchObject({ ok: true });
    });

    it("signs in from an address where someone else guessed until it was blocked", async () => {
      await createAccount(db, { email: "victim@example.com", password: PASSWORD });
      const browser = await ownersBrowser("victim@example.com");
      await fail(5, "victim@example.com", ATTACKER);
      // 30 failures from the address in all: it is blocked for every account.
      for (let n = 0; n < 25; n++) await fail(1, `user${n}@example.com`, ATTACKER);
      expect(await signIn(request(), ATTACKER, "victim@example.com", PASSWORD)).toMatchObject({ error: "rate-limited" });
      expect(await signIn(request(), ATTACKER, "next@example.com", PASSWORD)).toMatchObject({ error: "rate-limited" });

      expect(await signIn(request(browser), ATTACKER, "victim@example.com", PASSWORD)).toMatchObject({ ok: true });
    });

    it("counts for its own account only, and a forged or altered cookie counts for nothing", async () => {
      await createAccount(db, { email: "victim@example.com", password: PASSWORD });
      await createAccount(db, { email: "other@example.com", password: PASSWORD });
      const othersBrowser = await ownersBrowser("other@example.com");
      const altered = { Cookie: othersBrowser.Cookie.replace(/(trusted_device=[^;]*?)(.)(;|$)/, (_, start, last, end) => `${start}${last === "A" ? "B" : "A"}${end}`) };
      for (let n = 0; n < 10; n++) await fail(1, "victim@example.com", `203.0.113.${n + 1}`);

      for (const headers of [othersBrowser, altered, { Cookie: "trusted_device=forged" }]) {
        expect(await signIn(request(headers), OWNER, "victim@example.com", PASSWORD)).toMatchObject({ error: "rate-limited" });
      }
    });

    it("guessing with it is limited too: first the device, then as an unknown one", async () => {
      await createAccount(db, { email: "victim@example.com", password: PASSWORD });
      const browser = await ownersBrowser("victim@example.com");
      await fail(10, "victim@example.com", ATTACKER, browser);

      expect(await signIn(request(browser), ATTACKER, "victim@example.com", PASSWORD)).toMatchObject({ error: "rate-limited" });
    });

    it("is given at every successful sign-in, HTTP-only and for a year", async () => {
      await createAccount(db, { email: "regular@example.com", password: PASSWORD });
      const outcome = await signIn(request(), OWNER, "regular@example.com", PASSWORD);
      const device = outcome.ok ? outcome.headers.getSetCookie().find((cookie) => cookie.startsWith("trusted_device=")) : undefined;
      expect(device).toMatch(/HttpOnly/i);
      expect(device).toMatch(/SameSite=Lax/i);
      expect(device).toMatch(/Max-Age=31536000/i);
    });
  });
});
