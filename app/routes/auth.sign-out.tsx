import { redirect } from "react-router";
import type { Route } from "./+types/auth.sign-out";
import { redirectWithSession } from "~/modules/accounts/auth-form.server";
import { signOut } from "~/modules/accounts/sign-in.server";
import { readFormData } from "~/utils/request-body.server";

export async function action({ request }: Route.ActionArgs) {
  // Read for its anti-CSRF check: another site must not sign the user out either.
  await readFormData(request);
  const to = new URL(request.url).searchParams.get("to") === "auth" ? "/auth" : "/";
  return redirectWithSession(to, await signOut(request), { type: "success", title: "Signed out successfully" });
}

export function loader() {
  return redirect("/");
}
