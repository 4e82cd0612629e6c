import { APIError } from "better-auth/api";
import { getAuth } from "./better-auth.server";
import { recordAttempt, secondsUntilAllowed } from "./rate-limit.server";

export type AuthOutcome =
  | { ok: true; headers: Headers; userId: string | null }
  | { ok: false; error: "exists" | "failed" | "rate-limited"; message: string };

/** Failed sign-ins allowed per e-mail address and per client address in 15 minutes. */
const PER_EMAIL = { limit: 5, windowSeconds: 15 * 60 };
const PER_CLIENT = { limit: 30, windowSeconds: 15 * 60 };

function clientAddress(request: Request) {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "local";
}

function describe(error: unknown) {
  if (error instanceof APIError) return error.body?.message ?? error.message;
  return error instanceof Error ? error.message : "Something went wrong";
}

export async function signIn(request: Request, email: string, password: string): Promise<AuthOutcome> {
  const keys = [`sign-in:email:${email.toLowerCase()}`, `sign-in:client:${clientAddress(request)}`];
  const waits = await Promise.all([
    secondsUntilAllowed(keys[0], PER_EMAIL),
    secondsUntilAllowed(keys[1], PER_CLIENT),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    return {
      ok: false,
      error: "rate-limited",
      message: `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    await recordAttempt(keys[0], PER_EMAIL);
    await recordAttempt(keys[1], PER_CLIENT);
    return { ok: false, error: "failed", message: describe(error) };
  }
}

export async function signUp(request: Request, email: string, password: string): Promise<AuthOutcome> {
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { email, password, name: email.split("@")[0], callbackURL: "/" },
      headers: request.headers,
      returnHeaders: true,
    });
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
