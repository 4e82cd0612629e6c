import type { Route } from "./+types/profile";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { LabProfileForm } from "~/modules/partner/components/lab-profile-form";
import { labProfile, runLabProfileAction } from "~/modules/partner/lab-profile.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Lab profile | Partner portal | LabTest Hub" }];

/** /partner/{labId}/profile: the lab's hours, closed days, slots, home collection, contact and Arabic texts (managers). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  return { lab: (await labProfile(scope))! };
}

/** Saves the profile unless it would drop a booking (409 with the bookings to move first). */
export async function action({ request, params }: Route.ActionArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  return runLabProfileAction(scope, await readForm(request));
}

export default function PartnerProfile({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <AdminHeader title="Lab profile" subtitle="What patients see of your lab, and when they can book it." />
      <LabProfileForm lab={loaderData.lab} />
    </div>
  );
}
