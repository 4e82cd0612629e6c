import { data } from "react-router";
import type { Route } from "./+types/dashboard.result.access-log";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { requireUser } from "~/modules/accounts/guards.server";
import { parsePage } from "~/modules/catalog/search-params";
import { AccessLogPageView } from "~/modules/results/components/patient-results-view";
import { customerResultId, RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { accessLogPage } from "~/modules/results/result-access-log.server";
import { resultSummary } from "~/modules/results/result-records.server";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "results")("Who opened this result and when"));

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/**
 * /dashboard/results/{resultId}/access-log[?page=N]: the whole access log of the customer's own
 * released result (404 for anyone else's or a forged id). It shows no values, so it is not a view.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const resultId = await customerResultId(user.id, params.resultId);
  const summary = resultId ? await resultSummary(resultId) : null;
  if (!resultId || !summary) throw data("Not Found", { status: 404 });
  const log = await accessLogPage(resultId, parsePage(new URL(request.url).searchParams.get("page")));
  return data({ resultId, testName: summary.testName, testNameAr: summary.testNameAr, log }, { headers: RESULT_PAGE_HEADERS });
}

export default function AccessLogPage({ loaderData }: Route.ComponentProps) {
  return <AccessLogPageView {...loaderData} />;
}
