import type { Route } from "./+types/auth.forgot-password";
import { ForgotPasswordForm } from "~/modules/accounts/password-forms";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { ForgotPasswordSchema } from "~/modules/accounts/schemas";
import { formFailure, formSuccess, invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";

export const meta: Route.MetaFunction = ({ location }) =>
  privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("Reset your password"));

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = ForgotPasswordSchema.safeParse(await readForm(request));
  if (!parsed.success) return invalidForm(parsed.error);
  const outcome = await requestPasswordReset(request, context.clientAddress, parsed.data.email);
  if (!outcome.ok) return formFailure(429, { toast: { type: "error", title: outcome.message } });
  return formSuccess();
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordForm result={actionData} />;
}
