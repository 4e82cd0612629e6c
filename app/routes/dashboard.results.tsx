import { data } from "react-router";
import type { Route } from "./+types/dashboard.results";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { requireUser } from "~/modules/accounts/guards.server";
import { MyResultsView } from "~/modules/results/components/patient-results-view";
import { MY_RESULTS_PAGE_SIZE, countMyResults, myResults } from "~/modules/results/patient-results.server";
import { parsePage } from "~/modules/catalog/search-params";
import { RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "results")("My Results"));

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/** /dashboard/results: the signed-in customer's released results, newest first, a page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const total = await countMyResults(user.id);
  const pageCount = Math.max(1, Math.ceil(total / MY_RESULTS_PAGE_SIZE));
  // A page beyond the last (an old link after results were withdrawn) shows the last.
  const page = Math.min(parsePage(new URL(request.url).searchParams.get("page")), pageCount);
  return data({ results: await myResults(user.id, page), page, pageCount }, { headers: RESULT_PAGE_HEADERS });
}

export default function MyResults({ loaderData }: Route.ComponentProps) {
  return <MyResultsView {...loaderData} />;
}
