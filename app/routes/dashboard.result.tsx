import { data } from "react-router";
import type { Route } from "./+types/dashboard.result";
import { translatorFor } from "~/i18n/i18n";
import { languageOfPath } from "~/i18n/languages";
import { requireUser } from "~/modules/accounts/guards.server";
import { ResultPageView } from "~/modules/results/components/patient-results-view";
import { runCustomerResultAction } from "~/modules/results/patient-result-actions.server";
import { customerResultPage } from "~/modules/results/patient-results.server";
import { RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { privatePageMeta } from "~/modules/seo/private-paths";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = ({ location }) => privatePageMeta(translatorFor(languageOfPath(location.pathname), "results")("My Results"));

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/** /dashboard/results/{resultId}: the customer's own released result (404 for anyone else's or a forged id); the view is logged. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await customerResultPage(user.id, params.resultId);
  if (!page) throw data("Not Found", { status: 404 });
  return data(page, { headers: RESULT_PAGE_HEADERS });
}

/** Share (a link for 1-30 days) or revoke a link: the customer's own result only. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  return runCustomerResultAction(user.id, params.resultId, request);
}

export const clientAction = toastOnArrival;

export default function ResultPage({ loaderData }: Route.ComponentProps) {
  return <ResultPageView view={loaderData.view} accessLog={loaderData.accessLog} shares={loaderData.shares} link={null} />;
}
