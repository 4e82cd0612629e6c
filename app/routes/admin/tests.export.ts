import { z } from "zod";
import type { Route } from "./+types/tests.export";
import { exportTests } from "~/modules/import-export/export-tests.server";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { exportedFileResponse } from "~/modules/import-export/records-file";

const ExportQuerySchema = z.object({ format: z.enum(["csv", "json"]).catch("csv") });

/** GET /admin/tests/export?format=csv|json: every test as a file download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { format } = ExportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const file = await exportTests(format);
  return exportedFileResponse(file);
}
