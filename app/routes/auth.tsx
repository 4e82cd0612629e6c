import { redirect } from "react-router";
import { languageOfRequest } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/languages";
import type { Route } from "./+types/auth";
import { AuthForm } from "~/modules/accounts/auth-form";
import { homeOf, submitAuthForm } from "~/modules/accounts/auth-form.server";
import { getUser } from "~/modules/accounts/guards.server";
import { AuthFormSchema } from "~/modules/accounts/schemas";
import { invalidForm } from "~/utils/form-result.server";
import { readForm } from "~/utils/request-body.server";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) =>
  privatePageMeta(translatorFor(languageOfPath(location.pathname), "account")("Sign in or create an account"));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const redirectParam = new URL(request.url).searchParams.get("redirect");
  if (user) throw redirect(redirectParam ? homeOf(user, redirectParam) : localizePath(homeOf(user, null), languageOfRequest(request)));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = AuthFormSchema.safeParse(await readForm(request));
  if (!parsed.success) return invalidForm(parsed.error);
  return submitAuthForm(request, context.clientAddress, parsed.data);
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  return <AuthForm result={actionData} />;
}
