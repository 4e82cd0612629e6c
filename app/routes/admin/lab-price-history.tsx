import { ArrowLeft } from "~/components/ui/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/lab-price-history";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { PriceHistoryTable } from "~/modules/catalog/components/price-history-table";
import { findLab } from "~/modules/catalog/manage-labs.server";
import { priceHistoryOfLab } from "~/modules/catalog/price-history.server";
import { readQuery } from "~/utils/form-fields";

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: `Price history${page ? ` of ${page.lab.name}` : ""} | Admin | LabTest Hub` }];

/** /admin/labs/{labId}/price-history: every price change of a lab's offers, by whom and how. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const lab = await findLab(params.labId);
  if (!lab) throw data("Lab not found", { status: 404 });
  return { lab: { id: lab.id, name: lab.name }, ...(await priceHistoryOfLab(lab.id, readQuery(request, AdminSearchSchema).page)) };
}

export default function AdminLabPriceHistory({ loaderData }: Route.ComponentProps) {
  const { lab } = loaderData;
  return (
    <div>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to={`/admin/labs/${lab.id}/offers`} className="inline-flex items-center gap-1 hover:underline">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> Offers of {lab.name}
        </Link>
      </nav>
      <AdminHeader title={`Price history of ${lab.name}`} subtitle="Every new offer, price change and deleted offer, newest first." />
      <PriceHistoryTable rows={loaderData.rows} page={loaderData.page} pageCount={loaderData.pageCount} />
    </div>
  );
}
