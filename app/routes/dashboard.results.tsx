import { data } from "react-router";
import type { Route } from "./+types/dashboard.results";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { requireUser } from "~/modules/accounts/guards.server";
import { MyResultsView } from "~/modules/results/components/patient-results-view";
import { myResultsPage } from "~/modules/results/patient-results.server";
import { parsePage } from "~/modules/catalog/search-params";
import { RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { privatePageMeta } from "~/modules/seo/private-paths";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "results")("My Results"));

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/** /dashboard/results: the signed-in customer's released results, newest first, a page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const shown = await myResultsPage(user.id, parsePage(new URL(request.url).searchParams.get("page")));
  return data(shown, { headers: RESULT_PAGE_HEADERS });
}

export default function MyResults({ loaderData }: Route.ComponentProps) {
  return <MyResultsView {...loaderData} />;
}
