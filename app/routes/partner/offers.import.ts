import { data } from "react-router";
import type { Route } from "./+types/offers.import";
import { importOwnOffers } from "~/modules/partner/lab-offers.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";

/** POST /partner/{labId}/offers/import (multipart, field "file"): the lab's own offers only (managers). */
export async function action({ request, params }: Route.ActionArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  const { outcome, toasts } = await importOwnOffers(scope, request);
  return data({ toasts }, { status: outcome.ok ? 200 : 400 });
}
