// Every way in which the site redirects to an address that came with the request ends on this
// site: the language switch, sign-in and sign-up, the auth page when already signed in, and the
// links of our e-mails that better-auth answers (verify-email, reset-password).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { sentMessages } from "~/db/schema";
import { createAccount } from "~/seed/factories.server";
import { handleAuthRequest } from "~/modules/accounts/auth-endpoints.server";
import { submitAuthForm } from "~/modules/accounts/auth-form.server";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { signUp } from "~/modules/accounts/sign-in.server";
import { jobHandlers } from "~/job-handlers.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { loader as authLoader } from "~/routes/auth";
import { loader as languageLoader } from "~/routes/language";
import { landsOnSite, OPEN_REDIRECT_PAYLOADS } from "../../../tests/fakes/open-redirect-payloads";
import { routeArgs, routeOutcome } from "../../../tests/fakes/signed-in-request";

const ORIGIN = "http://localhost:3999";
const PASSWORD = "kiwi-lantern-harbor-7";
const PAGES = [
  ["English", "/auth"],
  ["Arabic", "/ar/auth"],
] as const;

/** A client address of its own for each request, so that no limit gets in the way. */
let clients = 0;
const nextClient = () => `198.51.${100 + Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;

/**
 * The auth pages to try a payload on: each password check takes a while, so the payloads take
 * turns between the English and the Arabic page, and those with the /ar prefix, which the English
 * page removes, always try the English one.
 */
const pagesFor = (payload: string, index: number) =>
  PAGES.filter(([language]) => (language === "English" && payload.startsWith("/ar")) || PAGES[index % 2][0] === language);

const form = (path: string) => new Request(`${ORIGIN}${path}`, { method: "POST" });

function expectOnSite(payload: string, location: string | null) {
  expect(landsOnSite(location, ORIGIN), `${JSON.stringify(payload)} -> ${location}`).toBe(true);
}

async function linkFromMail(to: string) {
  await runDueJobs(jobHandlers);
  const [mail] = await db.select().from(sentMessages).where(eq(sentMessages.to, to));
  return new URL(mail.text!.match(/https?:\/\/\S+/)![0]);
}

describe("open redirects", () => {
  it("the language switch stays on the site, in both directions", async () => {
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      for (const lang of ["en", "ar"]) {
        const query = new URLSearchParams({ lang, to: payload });
        const response = await languageLoader(routeArgs(new Request(`${ORIGIN}/language?${query}`)));
        expect(response.status).toBe(302);
        expectOnSite(payload, response.headers.get("Location"));
      }
    }
  });

  it("the language switch still goes to the page asked for", async () => {
    const go = async (lang: string, to: string) =>
      (await languageLoader(routeArgs(new Request(`${ORIGIN}/language?${new URLSearchParams({ lang, to })}`)))).headers.get("Location");
    expect(await go("ar", "/search?q=vitamin d")).toBe("/ar/search?q=vitamin%20d");
    expect(await go("en", "/ar/search?q=%2F")).toBe("/search?q=%2F");
    expect(await go("en", "/ar")).toBe("/");
    expect(await go("ar", "/")).toBe("/ar");
  });

  it("sign-in on the English and the Arabic page stays on the site", async () => {
    await createAccount(db, { email: "returning@example.com", password: PASSWORD });
    for (const [index, payload] of OPEN_REDIRECT_PAYLOADS.entries()) {
      for (const [, page] of pagesFor(payload, index)) {
        const outcome = await submitAuthForm(form(page), nextClient(), { intent: "sign-in", email: "returning@example.com", password: PASSWORD, redirect: payload });
        expect(outcome).toBeInstanceOf(Response);
        expectOnSite(payload, (outcome as Response).headers.get("Location"));
      }
    }
  });

  it("the auth page of someone already signed in stays on the site", async () => {
    await createAccount(db, { email: "signed-in@example.com", password: PASSWORD });
    const signedIn = (await submitAuthForm(form("/auth"), nextClient(), { intent: "sign-in", email: "signed-in@example.com", password: PASSWORD })) as Response;
    const cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      for (const [, page] of PAGES) {
        const request = new Request(`${ORIGIN}${page}?${new URLSearchParams({ redirect: payload })}`, { headers: { Cookie: cookie } });
        const outcome = await routeOutcome(() => authLoader(routeArgs(request)));
        expect(outcome.status).toBe(302);
        expectOnSite(payload, outcome.location);
      }
    }
  });

  it("sign-up on the English and the Arabic page stays on the site", async () => {
    let n = 0;
    for (const [index, payload] of OPEN_REDIRECT_PAYLOADS.entries()) {
      for (const [, page] of pagesFor(payload, index)) {
        const email = `new-${n++}@example.com`;
        const outcome = await submitAuthForm(form(page), nextClient(), { intent: "sign-up", email, password: PASSWORD, redirect: payload });
        expect(outcome).toBeInstanceOf(Response);
        expectOnSite(payload, (outcome as Response).headers.get("Location"));
      }
    }
  });

  it("the e-mail verification link goes where the app says, whatever callbackURL it is given", async () => {
    await signUp(new Request(`${ORIGIN}/auth`), nextClient(), "verify@example.com", PASSWORD);
    const link = await linkFromMail("verify@example.com");
    const token = link.searchParams.get("token")!;
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      // A valid token (verifying again), and a forged one (the error goes to callbackURL too).
      for (const tokenGiven of [token, "forged-token"]) {
        const url = new URL(link);
        url.search = new URLSearchParams({ token: tokenGiven, callbackURL: payload }).toString();
        const response = await handleAuthRequest(new Request(url), nextClient());
        expect(response.status, payload).toBe(302);
        expectOnSite(payload, response.headers.get("Location"));
      }
    }
  });

  it("the password reset link goes to the reset page, whatever callbackURL it is given", async () => {
    await createAccount(db, { email: "forgetful@example.com", password: PASSWORD });
    await requestPasswordReset(new Request(`${ORIGIN}/auth/forgot-password`), nextClient(), "forgetful@example.com");
    const link = await linkFromMail("forgetful@example.com");
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      for (const path of [link.pathname, "/api/auth/reset-password/forged-token"]) {
        const url = new URL(path, link);
        url.search = new URLSearchParams({ callbackURL: payload }).toString();
        const response = await handleAuthRequest(new Request(url), nextClient());
        expect(response.status, payload).toBe(302);
        const location = response.headers.get("Location");
        expectOnSite(payload, location);
        expect(new URL(location!, ORIGIN).pathname).toMatch(/^(\/ar)?\/auth\/reset-password$/);
      }
    }
  });
});
