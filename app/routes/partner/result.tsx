import { data } from "react-router";
import type { Route } from "./+types/result";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { LabResultView } from "~/modules/results/components/lab-results-view";
import { runLabResultAction } from "~/modules/results/lab-result-actions.server";
import { labResultOfBooking } from "~/modules/results/lab-results.server";
import { isId, RESULT_PAGE_HEADERS } from "~/modules/results/result-access.server";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Results | Partner portal | LabTest Hub" }];

export const headers: Route.HeadersFunction = () => RESULT_PAGE_HEADERS;

/** /partner/{labId}/results/{bookingId}: a collected booking of the lab, its versions and draft. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId);
  const booking = isId(params.bookingId) ? await labResultOfBooking(scope, params.bookingId) : null;
  if (!booking) throw data("Not Found", { status: 404 });
  return data({ labId: scope.labId, booking }, { headers: RESULT_PAGE_HEADERS });
}

/** Upload (multipart: report PDF, values from the form, a CSV or a FHIR file) or release: staff and managers. */
export async function action({ request, params }: Route.ActionArgs) {
  const scope = await requireLabMember(request, params.labId);
  if (!isId(params.bookingId)) throw data("Not Found", { status: 404 });
  return runLabResultAction(scope, params.bookingId, request);
}

export const clientAction = toastOnArrival;

export default function PartnerResult({ loaderData }: Route.ComponentProps) {
  return <LabResultView labId={loaderData.labId} booking={loaderData.booking} />;
}
