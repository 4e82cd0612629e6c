import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/result.report";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { labReportDownload } from "~/modules/results/lab-results.server";
import { isId, reportResponse } from "~/modules/results/result-access.server";

const VersionSchema = z.coerce.number().int().min(1).max(10_000);

/** GET /partner/{labId}/results/{bookingId}/report?v=N: a version's PDF (drafts too), for the lab's members; logged. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId);
  const version = VersionSchema.safeParse(new URL(request.url).searchParams.get("v"));
  const report = isId(params.bookingId) && version.success ? await labReportDownload(scope, params.bookingId, version.data) : null;
  if (!report) throw data("Not Found", { status: 404 });
  return reportResponse(report.pdf, report.version);
}
