import { z } from "zod";
import type { Route } from "./+types/search.export";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { exportSearchTerms } from "~/modules/import-export/search-terms-file.server";
import { exportedFileResponse } from "~/modules/import-export/records-file";

const ExportQuerySchema = z.object({ format: z.enum(["csv", "json"]).catch("csv") });

/** GET /admin/search/export?format=csv|json: every synonym as a file download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { format } = ExportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const file = await exportSearchTerms(format);
  return exportedFileResponse(file);
}
