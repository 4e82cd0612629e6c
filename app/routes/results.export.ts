import { data } from "react-router";
import type { Route } from "./+types/results.export";
import { requireUser } from "~/modules/accounts/guards.server";
import { releasedResultIds } from "~/modules/results/patient-results.server";
import { isId } from "~/modules/results/result-access.server";
import { fhirExport } from "~/modules/results/result-fhir-export.server";

/** GET /results/export[?resultId=]: the customer's results (one, or all) as a FHIR R4 Bundle to download. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const only = new URL(request.url).searchParams.get("resultId") ?? undefined;
  if (only !== undefined && !isId(only)) throw data("Not Found", { status: 404 });
  const ids = await releasedResultIds(user.id, only);
  if (only && ids.length === 0) throw data("Not Found", { status: 404 });
  const bundle = await fhirExport(user.id, ids);
  return new Response(JSON.stringify(bundle, null, 2), {
    headers: {
      "Content-Type": "application/fhir+json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${only ? "result" : "results"}-fhir.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
