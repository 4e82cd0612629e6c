import { data } from "react-router";
import type { Route } from "./+types/offers.import";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { importToasts } from "~/modules/import-export/import-report";
import { importOffersFromRequest } from "~/modules/import-export/import-offers.server";

/** POST /admin/offers/import (multipart, field "file"): answers with the toasts that report it. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const outcome = await importOffersFromRequest(request);
  return data({ toasts: importToasts(outcome) }, { status: outcome.ok ? 200 : 400 });
}
