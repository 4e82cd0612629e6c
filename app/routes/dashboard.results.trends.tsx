import { data } from "react-router";
import type { Route } from "./+types/dashboard.results.trends";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { requireUser } from "~/modules/accounts/guards.server";
import { TrendsView } from "~/modules/results/components/trends-view";
import { myTrendSummaries } from "~/modules/results/trends.server";
import { RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "results")("Trends"));

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/** /dashboard/results/trends: the customer's analytes measured more than once (across labs), each summed up with a link to its chart. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return data({ trends: await myTrendSummaries(user.id) }, { headers: RESULT_PAGE_HEADERS });
}

export default function Trends({ loaderData }: Route.ComponentProps) {
  return <TrendsView trends={loaderData.trends} />;
}
