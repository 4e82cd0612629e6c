import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { eq, sql } from "drizzle-orm";
import { profiles, sentMessages } from "~/db/schema";
import { action as resetAction } from "~/routes/auth.reset-password";
import { logger } from "~/utils/logger.server";
import { routeArgs, routeOutcome } from "../../../tests/fakes/signed-in-request";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { signIn } from "~/modules/accounts/sign-in.server";

type ResetArgs = Parameters<typeof resetAction>[0];

const CLIENT = "198.51.100.20";
const request = () => new Request("http://localhost:3999/auth/forgot-password");
const ask = (email: string, client = CLIENT) => requestPasswordReset(request(), client, email);

describe("password reset by e-mail", () => {
  it("mails a reset link whose token sets a new password", async () => {
    await createAccount(db, { email: "forgetful@example.com", password: "old-password-1" });
    await getAuth().api.requestPasswordReset({
      body: { email: "forgetful@example.com", redirectTo: "/auth/reset-password" },
      headers: request().headers,
    });
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(sentMessages);
    expect(mail.to).toBe("forgetful@example.com");
    expect(mail.subject).toBe("Reset your LabTest Hub password");
    const link = mail.text!.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain("/api/auth/reset-password/");
    const token = new URL(link!).pathname.split("/").pop()!;

    await getAuth().api.resetPassword({ body: { token, newPassword: "new-password-2" } });
    expect(await signIn(request(), CLIENT, "forgetful@example.com", "old-password-1")).toMatchObject({ ok: false });
    expect(await signIn(request(), CLIENT, "forgetful@example.com", "new-password-2")).toMatchObject({ ok: true });
  });

  it("an Arabic customer's reset link comes in Arabic and opens the Arabic page", async () => {
    const customer = await createAccount(db, { email: "arabic@example.com", password: "old-password-1" });
    await db.update(profiles).set({ language: "ar" }).where(eq(profiles.id, customer.id));
    expect(await requestPasswordReset(new Request("http://localhost:3999/ar/auth/forgot-password"), CLIENT, "arabic@example.com")).toEqual({ ok: true });
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(sentMessages);
    expect(mail.subject).toBe("إعادة تعيين كلمة مرور LabTest Hub");
    expect(mail.text).toContain("افتح هذا الرابط خلال ساعة واحدة");
    expect(decodeURIComponent(mail.text!)).toContain("/ar/auth/reset-password");
  });

  it("a used or forged token changes nothing", async () => {
    await createAccount(db, { email: "safe@example.com", password: "old-password-1" });
    await expect(
      getAuth().api.resetPassword({ body: { token: "forged-token", newPassword: "new-password-2" } }),
    ).rejects.toThrow();
    expect(await signIn(request(), CLIENT, "safe@example.com", "old-password-1")).toMatchObject({ ok: true });
  });
});

describe("password reset limits", () => {
  it("a flood of requests for one address mails one link, which stays valid, and never makes the owner wait", async () => {
    await createAccount(db, { email: "flooded@example.com", password: "old-password-1" });
    const outcomes = [];
    for (let i = 0; i < 20; i++) outcomes.push(await ask("flooded@example.com", `203.0.113.${i + 1}`));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    // The owner asks too, from their own address: nothing new is sent, and the link they have works.
    expect(await ask("flooded@example.com", "198.51.100.7")).toEqual({ ok: true });
    await runDueJobs(jobHandlers);

    const mails = await db.select().from(sentMessages);
    expect(mails).toHaveLength(1);
    const token = new URL(mails[0].text!.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
    await getAuth().api.resetPassword({ body: { token, newPassword: "a-much-better-2026" } });
    expect(await signIn(request(), "198.51.100.7", "flooded@example.com", "a-much-better-2026")).toMatchObject({ ok: true });
  });

  it("a new link is sent once the last one has expired or been used", async () => {
    await createAccount(db, { email: "again@example.com" });
    expect(await ask("again@example.com", "203.0.113.1")).toEqual({ ok: true });
    await db.execute(sql`update verification set expires_at = now() - interval '1 second' where identifier like 'reset-password:%'`);
    expect(await ask("again@example.com", "203.0.113.2")).toEqual({ ok: true });
    await runDueJobs(jobHandlers);
    expect(await db.select().from(sentMessages)).toHaveLength(2);
  });

  it("the same answer, whether or not the address has an account, however often it is asked", async () => {
    await createAccount(db, { email: "exists@example.com" });
    for (const email of ["exists@example.com", "nobody@example.com"]) {
      for (let i = 0; i < 8; i++) expect(await ask(email, `203.0.113.${i + 1}`)).toEqual({ ok: true });
    }
  });

  it("the owner's own browser is never refused, even from an address that asked too often", async () => {
    await createAccount(db, { email: "owner@example.com", password: "owner-password-2026" });
    const signedIn = await signIn(request(), CLIENT, "owner@example.com", "owner-password-2026");
    if (!signedIn.ok) throw new Error("sign-in failed");
    const browser = signedIn.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
    for (let n = 0; n < 10; n++) expect(await ask(`nobody${n}@example.com`)).toEqual({ ok: true });
    expect(await ask("owner@example.com")).toMatchObject({ ok: false });

    const fromBrowser = new Request("http://localhost:3999/auth/forgot-password", { headers: { Cookie: browser } });
    expect(await requestPasswordReset(fromBrowser, CLIENT, "owner@example.com")).toEqual({ ok: true });
    await runDueJobs(jobHandlers);
    expect((await db.select().from(sentMessages)).map((mail) => mail.to)).toEqual(["owner@example.com"]);
  });

  it("one client asking for many addresses is stopped too, whether or not they have accounts", async () => {
    await createAccount(db, { email: "someone@example.com" });
    for (let n = 0; n < 10; n++) expect(await ask(`nobody${n}@example.com`)).toEqual({ ok: true });

    expect(await ask("someone@example.com")).toMatchObject({ ok: false });
    expect(await ask("someone@example.com", "198.51.100.99")).toEqual({ ok: true });
    await runDueJobs(jobHandlers);
    expect(await db.select().from(sentMessages)).toHaveLength(1);
  });

  it("reset links and tokens never reach the log", async () => {
    const levels = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
    const spies = levels.map((level) => vi.spyOn(logger, level));
    try {
      await createAccount(db, { email: "logged@example.com" });
      await ask("logged@example.com");
      await runDueJobs(jobHandlers);
      const [mail] = await db.select().from(sentMessages);
      const link = mail.text!.match(/https?:\/\/\S+/)![0];
      const token = new URL(link).pathname.split("/").pop()!;

      const logged = JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
      expect(logged).toContain("development outbox");
      expect(logged).not.toContain(token);
      expect(logged).not.toContain("/api/auth/reset-password");
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });
});

describe("choosing a new password", () => {
  it("a weak password is refused with the rule's message; a strong one is saved", async () => {
    await createAccount(db, { email: "forgetful@example.com", password: "old-password-1" });
    await ask("forgetful@example.com");
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(sentMessages);
    const token = new URL(mail.text!.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
    const submit = (password: string) =>
      routeOutcome(() =>
        resetAction(
          routeArgs<ResetArgs>(
            new Request("http://localhost:3999/auth/reset-password", { method: "POST", body: new URLSearchParams({ token, password }) }),
          ),
        ),
      );

    expect(await submit("password")).toMatchObject({
      status: 400,
      body: { fieldErrors: { password: expect.arrayContaining(["Password must be at least 10 characters"]) } },
    });
    expect(await submit("password1234")).toMatchObject({
      status: 400,
      body: { fieldErrors: { password: ["This password is too common. Please choose a less common one."] } },
    });
    expect(await signIn(request(), CLIENT, "forgetful@example.com", "old-password-1")).toMatchObject({ ok: true });

    const saved = (await submit("a-much-better-2026")).body as Response;
    expect(saved.headers.get("Location")).toBe("/auth?mode=sign-in");
    expect(await signIn(request(), CLIENT, "forgetful@example.com", "a-much-better-2026")).toMatchObject({ ok: true });
  });

  it("better-auth itself refuses a password shorter than the rule", async () => {
    await expect(
      getAuth().api.resetPassword({ body: { token: "any", newPassword: "nine-char" } }),
    ).rejects.toThrow(/too short/i);
  });
});
