import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/results.shared.report";
import { versionReport } from "~/modules/results/patient-results.server";
import { reportResponse } from "~/modules/results/result-access.server";
import { logShareUse, resolveShare } from "~/modules/results/result-shares.server";

const VersionSchema = z.coerce.number().int().min(1).max(10_000);

/** GET /results/shared/{token}/report?v=N: the shared result's PDF while the link works (else 404); logged. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const share = await resolveShare(params.token);
  const version = VersionSchema.safeParse(new URL(request.url).searchParams.get("v"));
  const report = share && version.success ? await versionReport(share.resultId, version.data) : null;
  if (!share || !report) throw data("Not Found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  await logShareUse(share, "share_download");
  return reportResponse(report.pdf, report.version);
}
