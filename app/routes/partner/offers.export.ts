import { data } from "react-router";
import type { Route } from "./+types/offers.export";
import { exportOwnOffers, ExportQuerySchema } from "~/modules/partner/lab-offers.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { readQuery } from "~/utils/form-fields";
import { exportedFileResponse } from "~/modules/import-export/records-file";

/** GET /partner/{labId}/offers/export?format=csv|json: the lab's own offers as a file (managers). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  const file = await exportOwnOffers(scope, readQuery(request, ExportQuerySchema).format);
  if (!file) throw data("Lab not found", { status: 404 });
  return exportedFileResponse(file);
}
