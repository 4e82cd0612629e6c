import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/results.report";
import { requireUser } from "~/modules/accounts/guards.server";
import { reportForReader } from "~/modules/results/patient-results.server";
import { reportResponse } from "~/modules/results/result-access.server";

const VersionSchema = z.coerce.number().int().min(1).max(10_000);

/**
 * GET /results/{resultId}/report?v=N: a released version's PDF, as an attachment never cached
 * (the customer's own, or an admin's after break-glass). Anyone else: 404. Logged.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const version = VersionSchema.safeParse(new URL(request.url).searchParams.get("v"));
  const report = version.success ? await reportForReader(user, params.resultId, version.data) : null;
  if (!report) throw data("Not Found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return reportResponse(report.pdf, report.version);
}
