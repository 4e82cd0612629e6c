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
});
