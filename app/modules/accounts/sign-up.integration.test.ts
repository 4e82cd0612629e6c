// Creating an account through the auth page's form: how many one client may create, and which
// passwords it refuses, with the reason shown on the form.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { profiles, sentMessages, user } from "~/db/schema";
import { createAccount } from "~/seed/factories.server";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { action as authAction } from "~/routes/auth";
import { action as resetAction } from "~/routes/auth.reset-password";
import { routeOutcome } from "../../../tests/fakes/signed-in-request";

const ORIGIN = "http://localhost:3999";
const CLIENT = "198.51.100.40";

/** A route's answer as the browser sees it: a redirect the action returned counts as one it threw. */
async function answer(run: () => Promise<unknown>) {
  const outcome = await routeOutcome(run);
  if (outcome.body instanceof Response) return { status: outcome.body.status, body: null, location: outcome.body.headers.get("Location") };
  return outcome;
}

type AuthArgs = Parameters<typeof authAction>[0];
type ResetArgs = Parameters<typeof resetAction>[0];

function signUpForm(email: string, password: string, { page = "/auth", client = CLIENT } = {}) {
  const request = new Request(`${ORIGIN}${page}`, { method: "POST", body: new URLSearchParams({ intent: "sign-up", email, password }) });
  return answer(() => authAction({ request, params: {}, context: { clientAddress: client } } as unknown as AuthArgs));
}

const accountExists = async (email: string) => (await db.select().from(user).where(eq(user.email, email))).length > 0;

describe("sign-up limits", () => {
  it("one client creates up to 10 accounts an hour, then the form says to wait; other clients go on", async () => {
    for (let n = 0; n < 10; n++) {
      expect((await signUpForm(`family${n}@example.com`, "kiwi-lantern-harbor-7")).status).toBe(302);
    }
    const refused = await signUpForm("hoarder@example.com", "kiwi-lantern-harbor-7");
    expect(refused).toMatchObject({
      status: 429,
      body: { ok: false, toast: { type: "error", title: "Authentication error", description: "Too many sign-up attempts from your network. Please try again in 60 minutes." } },
    });
    expect(await accountExists("hoarder@example.com")).toBe(false);

    const arabic = await signUpForm("hoarder@example.com", "kiwi-lantern-harbor-7", { page: "/ar/auth" });
    expect(arabic).toMatchObject({ status: 429, body: { toast: { description: "محاولات إنشاء حساب كثيرة من شبكتك. يرجى المحاولة مرة أخرى بعد 60 دقيقة." } } });

    expect((await signUpForm("neighbour@example.com", "kiwi-lantern-harbor-7", { client: "198.51.100.41" })).status).toBe(302);
  });

  it("an IPv6 client counts by its /64, so new addresses of one network buy no more accounts", async () => {
    for (let n = 0; n < 10; n++) {
      expect((await signUpForm(`v6-${n}@example.com`, "kiwi-lantern-harbor-7", { client: `2001:db8:1:2::${n + 1}` })).status).toBe(302);
    }
    expect((await signUpForm("v6-more@example.com", "kiwi-lantern-harbor-7", { client: "2001:db8:1:2:ffff::1" })).status).toBe(429);
  });
});

describe("new passwords", () => {
  const refusals: [string, string, string][] = [
    ["aaaaaaaaaa", "someone@example.com", "Repeated characters, like aaa, are easy to guess."],
    ["abcabcabcabc", "someone@example.com", "Repeated patterns, like abcabc, are easy to guess."],
    ["abcdefghijkl", "someone@example.com", "Sequences, like abcd or 6543, are easy to guess."],
    ["9876543210", "someone@example.com", "Sequences, like abcd or 6543, are easy to guess."],
    ["qwertyuiopasdf", "someone@example.com", "This password is too common. Please choose a less common one."],
    ["labtesthub2026", "someone@example.com", "Do not build your password on your name, your e-mail address or the site's name."],
    ["LabTestHub#2026", "someone@example.com", "Do not build your password on your name, your e-mail address or the site's name."],
    ["SaraSmith2026!", "sara.smith@example.com", "Do not build your password on your name, your e-mail address or the site's name."],
    ["fatima.alhashimi", "fatima.alhashimi@example.com", "Do not build your password on your name, your e-mail address or the site's name."],
  ];

  it.each(refusals)("sign-up refuses %s (for %s), says why and creates nothing", async (password, email, reason) => {
    const outcome = await signUpForm(email, password);
    expect(outcome).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { password: [reason] } } });
    expect(await accountExists(email)).toBe(false);
  });

  it("sign-up accepts passwords that are hard to guess, the demo accounts' own among them", async () => {
    for (const [n, password] of ["kiwi-lantern-harbor-7", "correct-horse-battery", "LabAdmin#2026", "Customer#2026"].entries()) {
      expect((await signUpForm(`strong${n}@example.com`, password)).status, password).toBe(302);
    }
  });

  it("a reset refuses the account's own names (from its profile) and says why", async () => {
    const owner = await createAccount(db, { email: "m.rahman@example.com", password: "kiwi-lantern-harbor-7" });
    await db.update(profiles).set({ firstName: "Maryam", lastName: "Alnuaimi" }).where(eq(profiles.id, owner.id));
    await requestPasswordReset(new Request(`${ORIGIN}/auth/forgot-password`), CLIENT, "m.rahman@example.com");
    await runDueJobs(jobHandlers);
    const [mail] = await db.select().from(sentMessages);
    const token = new URL(mail.text!.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
    const submit = (password: string) =>
      answer(() =>
        resetAction({
          request: new Request(`${ORIGIN}/auth/reset-password`, { method: "POST", body: new URLSearchParams({ token, password }) }),
          params: {},
          context: { clientAddress: CLIENT },
        } as unknown as ResetArgs),
      );

    for (const password of ["MaryamAlnuaimi1", "alnuaimi-maryam", "Maryam2026!!"]) {
      expect(await submit(password), password).toMatchObject({
        status: 400,
        body: { fieldErrors: { password: ["Do not build your password on your name, your e-mail address or the site's name."] } },
      });
    }
    expect(await submit("aaaaaaaaaaaa")).toMatchObject({ status: 400, body: { fieldErrors: { password: ["Repeated characters, like aaa, are easy to guess."] } } });
    expect((await submit("kiwi-lantern-harbor-8")).location).toBe("/auth?mode=sign-in");
  });
});
