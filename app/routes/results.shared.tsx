import { data } from "react-router";
import type { Route } from "./+types/results.shared";
import { SharedResultView } from "~/modules/results/components/shared-result-view";
import { resultView } from "~/modules/results/patient-results.server";
import { RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { logShareUse, resolveShare } from "~/modules/results/result-shares.server";

export const meta: Route.MetaFunction = () => [{ title: "Shared result | LabTest Hub" }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({ ...RESULT_PAGE_HEADERS, "Referrer-Policy": "no-referrer" });

/**
 * /results/shared/{token}: the one result a patient shared, signed in or not, until the link
 * expires or is revoked (then 404). Never indexed, never cached; each opening is logged.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const share = await resolveShare(params.token);
  const view = share ? await resultView(share.resultId) : null;
  if (!share || !view) throw data("Not Found", { status: 404, headers: RESULT_PAGE_HEADERS });
  await logShareUse(share, "share_open");
  return data({ view, token: params.token, expiresAt: share.expiresAt.toISOString() }, { headers: { ...RESULT_PAGE_HEADERS, "Referrer-Policy": "no-referrer" } });
}

export default function SharedResult({ loaderData }: Route.ComponentProps) {
  return <SharedResultView view={loaderData.view} token={loaderData.token} expiresAt={loaderData.expiresAt} />;
}
