import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createAccount } from "~/seed/factories.server";
import { jobs, sentMessages, profiles, user } from "~/db/schema";
import { getUser, requireAdmin, requireUser } from "~/modules/accounts/guards.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { handleAuthRequest } from "~/modules/accounts/auth-endpoints.server";
import { signIn, signUp } from "~/modules/accounts/sign-in.server";

const CLIENT = "198.51.100.20";
const request = (headers: HeadersInit = {}) => new Request("http://localhost:3999/dashboard?tab=orders", { headers });

function cookieHeader(headers: Headers) {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("accounts", () => {
  it("creating an account makes a profile, signs the customer in and queues the verification e-mail", async () => {
    const outcome = await signUp(request(), CLIENT, "new.customer@example.com", "long-enough-password");
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const [created] = await db.select().from(user).where(eq(user.email, "new.customer@example.com"));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile).toBeDefined();
    const mails = await db.select().from(jobs).where(eq(jobs.kind, "send-mail"));
    expect(JSON.stringify(mails[0]?.payload)).toContain("new.customer@example.com");

    const signedIn = await getUser(request({ cookie: cookieHeader(outcome.headers) }));
    expect(signedIn?.email).toBe("new.customer@example.com");
    expect(signedIn?.isAdmin).toBe(false);
  });

  it("the verification link from the e-mail marks the address verified", async () => {
    await signUp(request(), CLIENT, "verify.me@example.com", "long-enough-password");
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(sentMessages).where(eq(sentMessages.to, "verify.me@example.com"));
    expect(mail.subject).toBe("Confirm your e-mail address for LabTest Hub");
    const link = mail.text!.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain("/api/auth/verify-email");
    const response = await handleAuthRequest(new Request(link!), CLIENT);
    expect(response.status).toBeLessThan(400);
    const [verified] = await db.select().from(user).where(eq(user.email, "verify.me@example.com"));
    expect(verified.emailVerified).toBe(true);
  });

  it("someone signing up on an Arabic page gets the verification e-mail in Arabic", async () => {
    await signUp(request(), CLIENT, "arabic.signup@example.com", "long-enough-password", "ar");
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(sentMessages).where(eq(sentMessages.to, "arabic.signup@example.com"));
    expect(mail.subject).toBe("أكّد عنوان بريدك الإلكتروني في LabTest Hub");
    expect(mail.text).toContain("يرجى تأكيد عنوان بريدك الإلكتروني");
    expect(mail.text).toMatch(/\/api\/auth\/verify-email\S*callbackURL=%2Far/);
  });

  it("a second sign-up with the same e-mail reports that the account exists", async () => {
    await createAccount(db, { email: "taken@example.com" });
    const outcome = await signUp(request(), CLIENT, "taken@example.com", "another-password");
    expect(outcome).toMatchObject({ ok: false, error: "exists" });
  });

  it("passwords are stored hashed", async () => {
    const account = await createAccount(db, { email: "hash@example.com", password: "plain-text-secret" });
    const rows = await db.query.account.findMany({ where: (a, { eq }) => eq(a.userId, account.id) });
    expect(rows[0].password).not.toContain("plain-text-secret");
  });

  it("sign-in is throttled after repeated failures for one e-mail", async () => {
    await createAccount(db, { email: "victim@example.com", password: "right-password" });
    for (let i = 0; i < 5; i++) {
      expect(await signIn(request(), CLIENT, "victim@example.com", "wrong")).toMatchObject({ ok: false, error: "failed" });
    }
    const blocked = await signIn(request(), CLIENT, "victim@example.com", "right-password");
    expect(blocked).toMatchObject({ ok: false, error: "rate-limited" });
    if (!blocked.ok) expect(blocked.message).toMatch(/Too many sign-in attempts/);
  });

  it("a garbage session cookie means nobody is signed in", async () => {
    expect(await getUser(request({ cookie: "better-auth.session_token=garbage.value" }))).toBeNull();
  });

  it("requireUser sends visitors to /auth with the path to come back to", async () => {
    const thrown = await requireUser(request()).catch((response: Response) => response);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/auth?redirect=%2Fdashboard%3Ftab%3Dorders");
  });

  it("requireAdmin sends a signed-in customer to /dashboard with Access Denied", async () => {
    await createAccount(db, { email: "customer@example.com", password: "right-password" });
    const outcome = await signIn(request(), CLIENT, "customer@example.com", "right-password");
    if (!outcome.ok) throw new Error("sign-in failed");
    const thrown = await requireAdmin(request({ cookie: cookieHeader(outcome.headers) })).catch((r: Response) => r);
    expect((thrown as Response).headers.get("Location")).toBe("/dashboard");
    expect((thrown as Response).headers.get("Set-Cookie")).toContain("toast=");
  });

  it("requireAdmin lets an admin through", async () => {
    await createAccount(db, { email: "boss@example.com", password: "right-password", admin: true });
    const outcome = await signIn(request(), CLIENT, "boss@example.com", "right-password");
    if (!outcome.ok) throw new Error("sign-in failed");
    const admin = await requireAdmin(request({ cookie: cookieHeader(outcome.headers) }));
    expect(admin.isAdmin).toBe(true);
  });
});
