import { ArrowLeft, CalendarDays, Clock } from "~/components/ui/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/lab-offers";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { AdminListPage } from "~/modules/admin/components/admin-list-page";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { crudAction } from "~/modules/admin/crud-action.server";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { OfferFormDialog } from "~/modules/catalog/components/offer-form-dialog";
import { labOffersPage, offerCrud } from "~/modules/catalog/manage-offers.server";
import { ImportExportControls } from "~/modules/import-export/components/import-export-controls";
import { readQuery } from "~/utils/form-fields";
import { formatAed } from "~/utils/money";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: `Offers${page ? ` of ${page.lab.name}` : ""} | Admin | LabTest Hub` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await labOffersPage(routeUuid(params.labId, LAB_NOT_FOUND), readQuery(request, AdminSearchSchema));
  if (!page) throw data(LAB_NOT_FOUND, { status: 404 });
  return page;
}

const LAB_NOT_FOUND = "Lab not found";
const offerAction = crudAction(offerCrud);

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args.request);
  routeUuid(args.params.labId, LAB_NOT_FOUND);
  return offerAction(args);
}
export const clientAction = toastOnArrival;

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export default function AdminLabOffers({ loaderData }: Route.ComponentProps) {
  const { lab, rows, q, page, pageCount, total } = loaderData;
  const homeCollectionAvailable = lab.homeCollectionFeeFils !== null;
  const href = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <div>
      <nav aria-label="Breadcrumb" className="mb-4 flex flex-wrap gap-4 text-sm">
        <Link to="/admin/labs" className="inline-flex items-center gap-1 hover:underline">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> Partner Labs
        </Link>
        <Link to={`/admin/labs/${lab.id}/day`} className="inline-flex items-center gap-1 hover:underline">
          <CalendarDays className="size-4" aria-hidden /> Day view
        </Link>
        <Link to={`/admin/labs/${lab.id}/price-history`} className="inline-flex items-center gap-1 hover:underline">
          <Clock className="size-4" aria-hidden /> Price history
        </Link>
      </nav>
      <AdminListPage
        title={`Offers of ${lab.name}`}
        subtitle={`${total} ${total === 1 ? "test" : "tests"} at this lab's own prices. A test's displayed price is its lowest active offer.`}
        action={
          <div className="flex flex-wrap items-center gap-2">
            <ImportExportControls
              noun="offers"
              importAction="/admin/offers/import"
              exportUrl={(format) => `/admin/offers/export?format=${format}&lab=${encodeURIComponent(lab.slug)}`}
            />
            <OfferFormDialog labId={lab.id} homeCollectionAvailable={homeCollectionAvailable} />
          </div>
        }
        searchLabel="Search offers by test"
        q={q}
        rows={rows}
        columns={[
          {
            header: "Test",
            cell: (offer) => (
              <Link to={`/product/${offer.testSlug}`} className="hover:underline">
                {offer.testName}
              </Link>
            ),
            className: "font-medium",
          },
          { header: "Price (AED)", cell: (offer) => formatAed(offer.priceFils), className: "whitespace-nowrap" },
          { header: "Result time", cell: (offer) => (offer.resultHours === null ? "—" : `${offer.resultHours} hours`), className: "whitespace-nowrap" },
          { header: "Walk-in", cell: (offer) => yesNo(offer.walkIn) },
          { header: "Home collection", cell: (offer) => yesNo(offer.homeCollection) },
          {
            header: "Status",
            cell: (offer) => <Badge variant={offer.isActive ? "default" : "secondary"}>{offer.isActive ? "Active" : "Inactive"}</Badge>,
          },
        ]}
        actions={(offer) => (
          <>
            <OfferFormDialog labId={lab.id} offer={offer} homeCollectionAvailable={homeCollectionAvailable} />
            <ConfirmDeleteDialog
              id={offer.id}
              label={`Delete ${offer.testName}`}
              message={`Are you sure you want to delete the offer of ${offer.testName} at ${lab.name}?`}
            />
          </>
        )}
        empty={q ? "No offers match your search." : "This lab offers no tests yet. Add its first offer or import a file."}
      >
        <Pagination page={page} pageCount={pageCount} hrefFor={href} />
      </AdminListPage>
    </div>
  );
}
