import type { Route } from "./+types/results";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { PendingResultsView } from "~/modules/results/components/lab-results-view";
import { pendingResults, releasedResultsOfLab } from "~/modules/results/lab-results.server";

export const meta: Route.MetaFunction = () => [{ title: "Results | Partner portal | LabTest Hub" }];

/** /partner/{labId}/results: the lab's collected samples waiting for results (late ones marked), and its released results. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId);
  return { labId: scope.labId, pending: await pendingResults(scope), released: await releasedResultsOfLab(scope) };
}

export default function PartnerResults({ loaderData }: Route.ComponentProps) {
  return <PendingResultsView labId={loaderData.labId} pending={loaderData.pending} released={loaderData.released} />;
}
