import { data } from "react-router";
import type { Route } from "./+types/dashboard.results.trend";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { requireUser } from "~/modules/accounts/guards.server";
import { TrendView } from "~/modules/results/components/trend-view";
import { myTrend } from "~/modules/results/trends.server";
import { RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "results")("Trends"));

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/** /dashboard/results/trends/{trendId}: one of the customer's trends, chart and table (404 for another customer's id or a forged one). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const trend = await myTrend(user.id, params.trendId);
  if (!trend) throw data("Not Found", { status: 404 });
  return data({ trend }, { headers: RESULT_PAGE_HEADERS });
}

export default function TrendPage({ loaderData }: Route.ComponentProps) {
  return <TrendView trend={loaderData.trend} />;
}
