import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/modules/accounts/guards.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}
