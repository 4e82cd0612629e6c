import type { Route } from "./+types/price-history";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { PriceHistoryTable } from "~/modules/catalog/components/price-history-table";
import { ownPriceHistory } from "~/modules/partner/lab-offers.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { readQuery } from "~/utils/form-fields";

export const meta: Route.MetaFunction = () => [{ title: "Price history | Partner portal | LabTest Hub" }];

/** /partner/{labId}/price-history: every price change of the lab's offers, newest first (managers). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  return { labName: scope.labName, ...(await ownPriceHistory(scope, readQuery(request, AdminSearchSchema).page)) };
}

export default function PartnerPriceHistory({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminHeader title="Price history" subtitle={`Every change of ${loaderData.labName}'s prices, newest first.`} />
      <PriceHistoryTable rows={loaderData.rows} page={loaderData.page} pageCount={loaderData.pageCount} />
    </div>
  );
}
