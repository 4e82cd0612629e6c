import { Link, redirect } from "react-router";
import type { Route } from "./+types/index";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { labsOfMember, requireLabMember } from "~/modules/partner/lab-scope.server";

export const meta: Route.MetaFunction = () => [{ title: "Partner portal | LabTest Hub" }, { name: "robots", content: "noindex" }];

/** /partner: a member of one lab goes straight to it; a member of several chooses (404 for anyone else). */
export async function loader({ request }: Route.LoaderArgs) {
  const scope = await requireLabMember(request);
  const labs = await labsOfMember(scope.userId);
  if (labs.length === 1) throw redirect(`/partner/${scope.labId}`);
  return { labs };
}

export default function PartnerHome({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <AdminHeader title="Partner portal" subtitle="Choose the lab you work for today." />
      <ul className="mt-6 grid gap-2">
        {loaderData.labs.map((lab) => (
          <li key={lab.labId}>
            <Link to={`/partner/${lab.labId}`} className="flex items-center justify-between rounded-lg border p-4 hover:bg-accent">
              <span className="font-medium">{lab.labName}</span>
              <span className="text-sm text-muted-foreground">{lab.role === "manager" ? "Manager" : "Staff"}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
