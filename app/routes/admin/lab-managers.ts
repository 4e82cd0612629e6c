import type { Route } from "./+types/lab-managers";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { runManagerAction } from "~/modules/partner/lab-members.server";
import { readForm } from "~/utils/request-body.server";

/** POST /admin/labs/{labId}/managers: an admin adds a manager by e-mail, or removes one (never the last). */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  return runManagerAction(params.labId, await readForm(request));
}
