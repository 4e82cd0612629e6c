import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { getUser } from "~/modules/accounts/guards.server";
import { grantAdmin, revokeAdmin } from "~/modules/accounts/roles.server";
import { SESSION_CACHE_TTL_MS, watchSessions } from "~/modules/accounts/session-cache.server";
import { signOut } from "~/modules/accounts/sign-in.server";
import { signedInAs } from "../../../tests/fakes/signed-in-request";

let stop: () => void;
beforeEach(() => {
  stop = watchSessions();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

/** Counts better-auth's session lookups (each one reads the database). */
function countLookups() {
  const spy = vi.spyOn(getAuth().api, "getSession");
  return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
}

describe("the session cache", () => {
  it("answers repeated page views of one session from memory, and writes always from the database", async () => {
    const account = await createAccount(db, { email: "cached@example.com" });
    const as = await signedInAs(account);
    const lookups = countLookups();
    try {
      expect(await getUser(as("/dashboard"))).toMatchObject({ id: account.id, isAdmin: false });
      expect(await getUser(as("/cart"))).toMatchObject({ id: account.id });
      expect(lookups.count()).toBe(1);
      expect(await getUser(as("/profile", { method: "POST", body: new URLSearchParams({ name: "x" }) }))).toMatchObject({ id: account.id });
      expect(lookups.count()).toBe(2);
    } finally {
      lookups.restore();
    }
  });

  it("forgets a session as soon as it is signed out, also for a page view already cached", async () => {
    const account = await createAccount(db, { email: "leaving@example.com" });
    const as = await signedInAs(account);
    expect(await getUser(as("/dashboard"))).not.toBeNull();
    await signOut(as("/auth/sign-out", { method: "POST" }));
    expect(await getUser(as("/dashboard"))).toBeNull();
  });

  it("sees a role granted or taken away at once", async () => {
    await createAccount(db, { email: "boss@example.com", admin: true });
    const account = await createAccount(db, { email: "promoted@example.com" });
    const as = await signedInAs(account);
    expect(await getUser(as("/admin"))).toMatchObject({ isAdmin: false });
    await grantAdmin(account.id);
    expect(await getUser(as("/admin"))).toMatchObject({ isAdmin: true });
    await revokeAdmin(account.id);
    expect(await getUser(as("/admin"))).toMatchObject({ isAdmin: false });
  });

  it("asks the database again after its time limit (a lost notification)", async () => {
    const account = await createAccount(db, { email: "later@example.com" });
    const as = await signedInAs(account);
    await getUser(as("/dashboard"));
    const lookups = countLookups();
    try {
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SESSION_CACHE_TTL_MS + 1_000 });
      expect(await getUser(as("/dashboard"))).toMatchObject({ id: account.id });
      expect(lookups.count()).toBe(1);
    } finally {
      lookups.restore();
    }
  });
});
