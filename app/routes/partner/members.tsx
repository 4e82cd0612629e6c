import type { Route } from "./+types/members";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AddMemberForm, MemberList } from "~/modules/partner/components/members-view";
import { membersOfLab, runStaffAction } from "~/modules/partner/lab-members.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { toastOnArrival } from "~/utils/form-result";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Members | Partner portal | LabTest Hub" }];

/** /partner/{labId}/members: who works for the lab (managers). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  return { labName: scope.labName, members: await membersOfLab(scope) };
}

/** A manager adds a staff member by e-mail or removes one; managers are the admins' to change. */
export async function action({ request, params }: Route.ActionArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  return runStaffAction(scope, await readForm(request));
}

export const clientAction = toastOnArrival;

export default function PartnerMembers({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <AdminHeader title="Members" subtitle={`Who works for ${loaderData.labName} in this portal. Staff do the day's work; managers also offers, prices, the lab profile and staff.`} />
      <AddMemberForm label="Add a staff member by e-mail" idPrefix="staff" />
      <MemberList members={loaderData.members} removable={(member) => member.role === "staff"} label="Members" />
      <p className="text-sm text-muted-foreground">To add or remove a manager, ask the site's admins.</p>
    </div>
  );
}
