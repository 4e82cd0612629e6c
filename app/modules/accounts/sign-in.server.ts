import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { profiles } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { clientNetwork, withClientAddress } from "~/utils/client-address.server";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { languageOfRequest } from "~/i18n/i18n.server";
import { clearAttempts, giveBackAttempt, takeAttempt, type Limit, tooManyMessage } from "~/modules/accounts/rate-limit.server";

export type AuthOutcome =
  | { ok: true; headers: Headers; userId: string | null }
  | { ok: false; error: "exists" | "failed" | "rate-limited"; message: string };

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Failed sign-ins allowed. A client guessing one account's password is blocked for that account,
 * and one guessing many accounts is blocked altogether, while the owner signs in from elsewhere;
 * guesses at one account from many clients are only slowed down, so nobody can lock the owner out.
 */
function signInLimits(email: string, clientAddress: string) {
  const account = email.toLowerCase();
  const client = clientNetwork(clientAddress);
  const accountFromClient: Limit = {
    key: `sign-in:account-client:${account}:${client}`,
    limit: 5,
    windowSeconds: FIFTEEN_MINUTES,
  };
  const shared: Limit[] = [
    { key: `sign-in:client:${client}`, limit: 30, windowSeconds: FIFTEEN_MINUTES },
    { key: `sign-in:account:${account}`, limit: 10, windowSeconds: 5 * 60 },
  ];
  return { accountFromClient, shared, all: [accountFromClient, ...shared] };
}

function describe(error: unknown) {
  if (error instanceof APIError) return error.body?.message ?? error.message;
  return error instanceof Error ? error.message : "Something went wrong";
}

/** The one way to sign in with a password: better-auth's own endpoint is not exposed (auth-endpoints.server.ts). */
export async function signIn(request: Request, clientAddress: string, email: string, password: string): Promise<AuthOutcome> {
  const limits = signInLimits(email, clientAddress);
  const wait = await takeAttempt(limits.all);
  if (wait > 0) {
    return {
      ok: false,
      error: "rate-limited",
      message: tooManyMessage("sign-in", wait, languageOfRequest(request)),
    };
  }
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: withClientAddress(request.headers, clientAddress),
      returnHeaders: true,
    });
    // Knowing the password clears this client's typos for the account; the limits that other
    // accounts or clients share only get this attempt back.
    await Promise.all([clearAttempts(limits.accountFromClient.key), giveBackAttempt(limits.shared)]);
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    return { ok: false, error: "failed", message: describe(error) };
  }
}

/** Creates the account; its e-mails will be in `language`, the language of the page it was made on. */
export async function signUp(request: Request, clientAddress: string, email: string, password: string, language: Language = "en"): Promise<AuthOutcome> {
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { email, password, name: email.split("@")[0], callbackURL: language === "ar" ? "/ar" : "/" },
      headers: withClientAddress(request.headers, clientAddress),
      returnHeaders: true,
    });
    // The profile row is made by better-auth's user.create hook, before this returns.
    if (language !== "en") await db.update(profiles).set({ language }).where(eq(profiles.id, response.user.id));
    return { ok: true, headers, userId: response.token ? response.user.id : null };
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
