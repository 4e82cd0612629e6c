import { redirect } from "react-router";
import type { Route } from "./+types/auth.sign-out";
import { signOut } from "~/modules/accounts/sign-in.server";
import { toastCookie } from "~/utils/toast.server";

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  (await signOut(request)).getSetCookie().forEach((cookie) => headers.append("Set-Cookie", cookie));
  headers.append("Set-Cookie", await toastCookie({ type: "success", title: "Signed out successfully" }));
  const to = new URL(request.url).searchParams.get("to") === "auth" ? "/auth" : "/";
  return redirect(to, { headers });
}

export function loader() {
  return redirect("/");
}
