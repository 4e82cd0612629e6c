import type { Route } from "./+types/today";
import { runLabBookingAction } from "~/modules/partner/lab-booking-actions.server";
import { memberActor, requireLabMember } from "~/modules/partner/lab-scope.server";
import { cashCollectedAnswer, runCashCollected } from "~/modules/payments/record-cash.server";
import { WorklistQuerySchema } from "~/modules/partner/schemas";
import { labWorklist } from "~/modules/partner/worklist.server";
import { WorklistView } from "~/modules/partner/components/worklist-view";
import { readQuery } from "~/utils/form-fields";
import { toastOnArrival } from "~/utils/form-result";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Today | Partner portal | LabTest Hub" }];

/** /partner/{labId}?date=yyyy-MM-dd: the lab's bookings of a day (default today, Asia/Dubai), by slot. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId);
  const { date } = readQuery(request, WorklistQuerySchema);
  return { labId: scope.labId, labName: scope.labName, worklist: await labWorklist(scope, date) };
}

/** Confirm, sample collected, no-show, cancel with a reason, cash collected: staff and managers of the lab. */
export async function action({ request, params }: Route.ActionArgs) {
  const scope = await requireLabMember(request, params.labId);
  const form = await readForm(request);
  if (form.intent === "collect-cash") return cashCollectedAnswer(await runCashCollected(memberActor(scope), form, { labId: scope.labId }));
  return runLabBookingAction(scope, form);
}

export const clientAction = toastOnArrival;

export default function PartnerToday({ loaderData }: Route.ComponentProps) {
  return <WorklistView labId={loaderData.labId} labName={loaderData.labName} worklist={loaderData.worklist} />;
}
