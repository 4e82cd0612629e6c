import type { Route } from "./+types/print";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { WorklistQuerySchema } from "~/modules/partner/schemas";
import { labWorklist } from "~/modules/partner/worklist.server";
import { WorklistPrint } from "~/modules/partner/components/worklist-view";
import { readQuery } from "~/utils/form-fields";

export const meta: Route.MetaFunction = () => [{ title: "Print view | Partner portal | LabTest Hub" }, { name: "robots", content: "noindex" }];

/** /partner/{labId}/print?date=: the day's bookings as one printable table (staff and managers). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId);
  const { date } = readQuery(request, WorklistQuerySchema);
  return { labId: scope.labId, labName: scope.labName, worklist: await labWorklist(scope, date) };
}

export default function PartnerPrint({ loaderData }: Route.ComponentProps) {
  return <WorklistPrint labId={loaderData.labId} labName={loaderData.labName} worklist={loaderData.worklist} />;
}
