import { APIError } from "better-auth/api";
import { and, eq, gt, like } from "drizzle-orm";
import { db } from "~/db/db.server";
import { profiles, user, verification } from "~/db/schema";
import { clientNetwork, withClientAddress } from "~/utils/client-address.server";
import { logger } from "~/utils/logger.server";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { takeAttempt } from "~/modules/accounts/attempt-counter.server";
import { trustedDeviceOf } from "~/modules/accounts/device-cookie.server";
import { passwordProblem, type PasswordOwner } from "~/modules/accounts/password-strength.server";
import { tooManyMessage } from "~/modules/accounts/too-many-attempts.server";
import { languageOfRequest } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/languages";

const HOUR = 60 * 60;
/** better-auth's prefix for a reset token's row in `verification` (its value is the user's id). */
const RESET_TOKEN = "reset-password:";

/** Whether a reset link mailed to `email` is still valid (not used, not expired). */
async function hasValidResetLink(email: string) {
  const rows = await db
    .select({ id: verification.id })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(user.email, email), like(verification.identifier, `${RESET_TOKEN}%`), gt(verification.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/**
 * Mails a reset link if the address has an account (decision 0024). The answer is the same
 * whether or not it has one, and nobody but the owner can keep the owner from recovering it:
 * - a client may ask 10 times an hour, for any addresses, then is asked to wait; a browser in
 *   which the account signed in before (a device cookie) is never refused;
 * - while a link mailed to the address is valid (one hour), asking again sends nothing, and that
 *   link keeps working: however often others ask, the owner's inbox holds one good link;
 * - at most 3 links an hour per address (only the owner can use them up), past which nothing is
 *   sent, without saying so, since saying so would tell that the account exists.
 */
export async function requestPasswordReset(
  request: Request,
  clientAddress: string,
  email: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const address = email.trim().toLowerCase();
  if (!(await trustedDeviceOf(request, address))) {
    const wait = await takeAttempt([{ key: `password-reset:client:${clientNetwork(clientAddress)}`, limit: 10, windowSeconds: HOUR }]);
    if (wait > 0) return { ok: false, message: tooManyMessage("reset", wait, languageOfRequest(request)) };
  }
  if (await hasValidResetLink(address)) return { ok: true };
  if ((await takeAttempt([{ key: `password-reset:email:${address}`, limit: 3, windowSeconds: HOUR }])) > 0) return { ok: true };
  try {
    await getAuth().api.requestPasswordReset({
      // The link opens the page in the language the request was made in.
      body: { email, redirectTo: localizePath("/auth/reset-password", languageOfRequest(request)) },
      headers: withClientAddress(request.headers, clientAddress),
    });
  } catch (error) {
    logger.warn({ err: error }, "password reset request failed");
  }
  return { ok: true };
}

/** The account a valid reset token belongs to, with the names its new password must not be built on. */
async function ownerOfResetToken(token: string): Promise<PasswordOwner | null> {
  const [owner] = await db
    .select({ email: user.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(verification.identifier, `${RESET_TOKEN}${token}`), gt(verification.expiresAt, new Date())))
    .limit(1);
  return owner ?? null;
}

export type ResetOutcome = { ok: true } | { ok: false; message: string; weakPassword?: true };

/**
 * Saves a new password for the account a mailed reset link names; refuses a used or expired link,
 * and a password too easy to guess (say why: `weakPassword`).
 */
export async function resetPassword(token: string, password: string): Promise<ResetOutcome> {
  const owner = await ownerOfResetToken(token);
  const weakness = owner && passwordProblem(password, owner);
  if (weakness) return { ok: false, message: weakness, weakPassword: true };
  try {
    await getAuth().api.resetPassword({ body: { newPassword: password, token } });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof APIError ? (error.body?.message ?? error.message) : "Could not reset the password." };
  }
}
