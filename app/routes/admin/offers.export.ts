import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/offers.export";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { exportOffers } from "~/modules/import-export/export-offers.server";
import { readQuery } from "~/utils/form-fields";
import { isSlug } from "~/utils/slug";
import { exportedFileResponse } from "~/modules/import-export/records-file";

const ExportQuerySchema = z.object({
  format: z.enum(["csv", "json"]).catch("csv"),
  lab: z.string().trim().optional().catch(undefined),
});

/**
 * GET /admin/offers/export?format=csv|json[&lab={slug}]: one lab's offers, or every offer, as a
 * file download. A lab that is not a slug (a NUL, a space) is not found, like an unknown one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { format, lab } = readQuery(request, ExportQuerySchema);
  const file = !lab || isSlug(lab) ? await exportOffers(format, lab || null) : null;
  if (!file) throw data("Lab not found", { status: 404 });
  return exportedFileResponse(file);
}
