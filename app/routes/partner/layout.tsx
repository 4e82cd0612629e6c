import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { PartnerNav } from "~/modules/partner/components/partner-nav";
import { labsOfMember, requireLabMember } from "~/modules/partner/lab-scope.server";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** /partner/{labId}: the portal's frame for one lab of the member (404 for anyone else). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId);
  return { lab: { labId: scope.labId, labName: scope.labName, role: scope.role }, email: scope.email, labs: await labsOfMember(scope.userId) };
}

export default function PartnerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      <aside className="md:w-56 md:shrink-0">
        <PartnerNav lab={loaderData.lab} email={loaderData.email} labs={loaderData.labs} />
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
