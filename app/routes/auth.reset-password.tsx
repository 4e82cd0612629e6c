import type { Route } from "./+types/auth.reset-password";
import { ResetPasswordForm } from "~/modules/accounts/password-forms";
import { resetPassword } from "~/modules/accounts/password-reset.server";
import { ResetPasswordSchema } from "~/modules/accounts/schemas";
import { formFailure, invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { translatorFor } from "~/i18n/i18n";
import { languageOfRequest } from "~/i18n/i18n.server";
import { languageOfPath, localizePath } from "~/i18n/languages";

export const meta: Route.MetaFunction = ({ location }) =>
  privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("Choose a new password"));

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.get("error") === "INVALID_TOKEN" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = ResetPasswordSchema.safeParse(await readForm(request));
  if (!parsed.success) return invalidForm(parsed.error);
  const outcome = await resetPassword(parsed.data.token, parsed.data.password);
  if (!outcome.ok && outcome.weakPassword) return formFailure(400, { fieldErrors: { password: [outcome.message] } });
  if (!outcome.ok) return formFailure(400, { toast: { type: "error", title: outcome.message } });
  return redirectWithToast(localizePath("/auth?mode=sign-in", languageOfRequest(request)), {
    type: "success",
    title: "Password updated",
    description: "Sign in with your new password.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordForm token={loaderData.token} invalid={loaderData.invalid} result={actionData} />;
}
