import { redirect } from "react-router";
import type { Route } from "./+types/auth.sign-out";
import { redirectWithSession } from "~/modules/accounts/auth-form.server";
import { signOut } from "~/modules/accounts/sign-in.server";
import { readFormData } from "~/utils/request-body.server";
import { localizePath } from "~/i18n/languages";

export async function action({ request }: Route.ActionArgs) {
  // Read for its anti-CSRF check: another site must not sign the user out either.
  await readFormData(request);
  const params = new URL(request.url).searchParams;
  const to = params.get("to") === "auth" ? "/auth" : "/";
  // One address for both languages (it has no page); ?lang=ar returns to the Arabic site.
  const language = params.get("lang") === "ar" ? "ar" : "en";
  return redirectWithSession(localizePath(to, language), await signOut(request), { type: "success", title: "Signed out successfully" });
}

export function loader() {
  return redirect("/");
}
