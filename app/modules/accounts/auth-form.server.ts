import { redirect } from "react-router";
import type { z } from "zod";
import type { AuthFormExtra } from "~/modules/accounts/auth-form";
import { languageOfRequest } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/languages";
import { accountRoles, type SessionUser } from "~/modules/accounts/guards.server";
import type { AuthFormSchema } from "~/modules/accounts/schemas";
import { signIn, signUp } from "~/modules/accounts/sign-in.server";
import type { Toast } from "~/utils/form-result";
import { formFailure } from "~/utils/form-result.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { toastCookie } from "~/utils/toast.server";

type AuthFormInput = z.infer<typeof AuthFormSchema>;

/** Where a signed-in user lands: the page they came for, else the admin dashboard, the partner portal or their dashboard. */
export function homeOf(user: Pick<SessionUser, "isAdmin" | "isLabMember">, redirectParam: string | null | undefined) {
  return safeRedirectPath(redirectParam) ?? (user.isAdmin ? "/admin/dashboard" : user.isLabMember ? "/partner" : "/dashboard");
}

/** A redirect that carries better-auth's cookies (a new or ended session) and, optionally, a toast. */
export async function redirectWithSession(url: string, authHeaders: Headers, toast?: Toast) {
  const headers = new Headers();
  authHeaders.getSetCookie().forEach((cookie) => headers.append("Set-Cookie", cookie));
  if (toast) headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers });
}

/**
 * Signs in or creates the account the auth form names. A success redirects with the session
 * (a new account to the dashboard with a reminder to verify the address, or to sign in when
 * verification is mandatory); a refusal answers the form, switching to sign in when the
 * account already exists.
 */
export async function submitAuthForm(request: Request, clientAddress: string, input: AuthFormInput) {
  const { intent, email, password, redirect: redirectParam } = input;
  const language = languageOfRequest(request);
  const outcome =
    intent === "sign-up"
      ? await signUp(request, clientAddress, email, password, language)
      : await signIn(request, clientAddress, email, password);

  if (!outcome.ok) {
    if (outcome.error === "exists") {
      return formFailure<AuthFormExtra>(409, {
        switchTo: "sign-in",
        toast: {
          type: "error",
          title: "Account already exists",
          description: "An account with this email already exists. Please sign in instead.",
        },
      });
    }
    if (outcome.error === "weak-password") {
      return formFailure<AuthFormExtra>(400, { fieldErrors: { password: [outcome.message] } });
    }
    return formFailure<AuthFormExtra>(outcome.error === "rate-limited" ? 429 : 400, {
      toast: { type: "error", title: "Authentication error", description: outcome.message },
    });
  }

  if (intent === "sign-up") {
    const created: Toast = {
      type: "success",
      title: "Account created successfully",
      description: "Please check your email to verify your account.",
    };
    // With mandatory verification there is no session yet: go to sign in.
    if (!outcome.userId) return redirectWithSession(localizePath(`/auth?mode=sign-in&email=${encodeURIComponent(email)}`, language), outcome.headers, created);
    return redirectWithSession(safeRedirectPath(redirectParam, language) ?? localizePath("/dashboard", language), outcome.headers, created);
  }

  const roles = outcome.userId ? await accountRoles(outcome.userId) : { isAdmin: false, isLabMember: false };
  // The page asked for keeps its language; the dashboard opens in the sign-in page's.
  return redirectWithSession(redirectParam ? homeOf(roles, redirectParam) : localizePath(homeOf(roles, null), language), outcome.headers);
}
