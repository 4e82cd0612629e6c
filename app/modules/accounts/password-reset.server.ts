import { APIError } from "better-auth/api";
import { clientNetwork, withClientAddress } from "~/utils/client-address.server";
import { logger } from "~/utils/logger.server";
import { getAuth } from "~/modules/accounts/better-auth.server";
import { languageOfRequest } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/languages";
import { takeAttempt, tooManyMessage } from "~/modules/accounts/rate-limit.server";

const HOUR = 60 * 60;

/**
 * Mails a reset link if the address has an account. Limited per address and per client whether or
 * not the account exists, so the answer tells nothing and nobody can flood an inbox.
 */
export async function requestPasswordReset(
  request: Request,
  clientAddress: string,
  email: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const wait = await takeAttempt([
    { key: `password-reset:email:${email.toLowerCase()}`, limit: 3, windowSeconds: HOUR },
    { key: `password-reset:client:${clientNetwork(clientAddress)}`, limit: 10, windowSeconds: HOUR },
  ]);
  if (wait > 0) return { ok: false, message: tooManyMessage("reset", wait, languageOfRequest(request)) };
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

/** Saves a new password for the account a mailed reset link names; refuses a used or expired link. */
export async function resetPassword(token: string, password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await getAuth().api.resetPassword({ body: { newPassword: password, token } });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof APIError ? (error.body?.message ?? error.message) : "Could not reset the password." };
  }
}
