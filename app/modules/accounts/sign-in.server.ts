import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { profiles } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { clientNetwork, withClientAddress } from "~/utils/client-address.server";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { languageOfRequest } from "~/i18n/i18n.server";
import { clearAttempts, giveBackAttempt, takeAttempt, type Limit } from "~/modules/accounts/attempt-counter.server";
import { trustDevice, trustedDeviceOf } from "~/modules/accounts/device-cookie.server";
import { passwordProblem } from "~/modules/accounts/password-strength.server";
import { tooManyMessage } from "~/modules/accounts/too-many-attempts.server";
import { getEnv } from "~/utils/env.server";

export type AuthOutcome =
  | { ok: true; headers: Headers; userId: string | null }
  | { ok: false; error: "exists" | "failed" | "rate-limited" | "weak-password"; message: string };

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

/**
 * Failed sign-ins allowed, after OWASP's device cookies (decision 0024). A browser in which the
 * account signed in before (trustedDeviceOf) is limited on its own: 5 failures in 15 minutes, and
 * then it counts as unknown. Unknown browsers are limited per account and per client: one guessing
 * an account is blocked for it after 5, one guessing many accounts after 30 altogether, and all
 * unknown browsers together get 10 tries at an account per 5 minutes. Nothing that unknown
 * browsers do blocks the owner's trusted one.
 */
function unknownDeviceLimits(account: string, client: string) {
  const accountFromClient: Limit = { key: `sign-in:account-client:${account}:${client}`, limit: 5, windowSeconds: FIFTEEN_MINUTES };
  const shared: Limit[] = [
    { key: `sign-in:client:${client}`, limit: 30, windowSeconds: FIFTEEN_MINUTES },
    { key: `sign-in:account:${account}`, limit: 10, windowSeconds: 5 * 60 },
  ];
  return { accountFromClient, shared };
}

const trustedDeviceLimit = (device: string): Limit => ({ key: `sign-in:device:${device}`, limit: 5, windowSeconds: FIFTEEN_MINUTES });

/**
 * Counts a sign-in attempt before it is made. Returns what a success clears (this browser's own
 * count) and gives back (the counts others share), or the seconds to wait.
 */
async function takeSignInAttempt(request: Request, account: string, clientAddress: string) {
  const device = await trustedDeviceOf(request, account);
  if (device) {
    const own = trustedDeviceLimit(device);
    if ((await takeAttempt([own])) === 0) return { wait: 0, own, shared: [] };
    // A trusted browser that used up its own tries goes on as an unknown one.
  }
  const { accountFromClient, shared } = unknownDeviceLimits(account, clientNetwork(clientAddress));
  const wait = await takeAttempt([accountFromClient, ...shared]);
  return { wait, own: accountFromClient, shared };
}

function describe(error: unknown) {
  if (error instanceof APIError) return error.body?.message ?? error.message;
  return error instanceof Error ? error.message : "Something went wrong";
}

/** better-auth's answer headers plus the cookie that trusts this browser for the account from now on. */
async function withTrustedDevice(request: Request, headers: Headers, email: string) {
  const withCookie = new Headers(headers);
  withCookie.append("Set-Cookie", await trustDevice(request, email));
  return withCookie;
}

/** The one way to sign in with a password: better-auth's own endpoint is not exposed (auth-endpoints.server.ts). */
export async function signIn(request: Request, clientAddress: string, email: string, password: string): Promise<AuthOutcome> {
  const attempt = await takeSignInAttempt(request, email.toLowerCase(), clientAddress);
  if (attempt.wait > 0) {
    return { ok: false, error: "rate-limited", message: tooManyMessage("sign-in", attempt.wait, languageOfRequest(request)) };
  }
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: withClientAddress(request.headers, clientAddress),
      returnHeaders: true,
    });
    // Knowing the password clears this browser's (or client's) typos for the account; the limits
    // that other accounts or clients share only get this attempt back.
    await Promise.all([clearAttempts(attempt.own.key), giveBackAttempt(attempt.shared)]);
    return { ok: true, headers: await withTrustedDevice(request, headers, email), userId: response.user.id };
  } catch (error) {
    return { ok: false, error: "failed", message: describe(error) };
  }
}

/**
 * Accounts one client may try to create in an hour (SIGN_UPS_PER_HOUR): every account can hold
 * bookings, so a client must not make them by the hundred.
 */
const signUpLimit = (clientAddress: string): Limit => ({
  key: `sign-up:client:${clientNetwork(clientAddress)}`,
  limit: getEnv().SIGN_UPS_PER_HOUR,
  windowSeconds: HOUR,
});

/** Creates the account; its e-mails will be in `language`, the language of the page it was made on. */
export async function signUp(request: Request, clientAddress: string, email: string, password: string, language: Language = "en"): Promise<AuthOutcome> {
  const wait = await takeAttempt([signUpLimit(clientAddress)]);
  if (wait > 0) return { ok: false, error: "rate-limited", message: tooManyMessage("sign-up", wait, languageOfRequest(request)) };
  // After the limit: the estimate takes up to a tenth of a second.
  const weakness = passwordProblem(password, { email });
  if (weakness) return { ok: false, error: "weak-password", message: weakness };
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { email, password, name: email.split("@")[0], callbackURL: language === "ar" ? "/ar" : "/" },
      headers: withClientAddress(request.headers, clientAddress),
      returnHeaders: true,
    });
    // The profile row is made by better-auth's user.create hook, before this returns.
    if (language !== "en") await db.update(profiles).set({ language }).where(eq(profiles.id, response.user.id));
    // A new account that is signed in at once trusts this browser, as a sign-in would.
    if (!response.token) return { ok: true, headers, userId: null };
    return { ok: true, headers: await withTrustedDevice(request, headers, email), userId: response.user.id };
  } catch (error) {
    const message = describe(error);
    const code = error instanceof APIError ? error.body?.code : undefined;
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || /already (exists|registered)/i.test(message)) {
      return { ok: false, error: "exists", message };
    }
    return { ok: false, error: "failed", message };
  }
}

export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return headers;
  } catch {
    // No valid session: nothing to end, but still clear the cookie in the browser.
    return new Headers();
  }
}
