import { Link } from "react-router";
import type { Route } from "./+types/offers";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { AdminListPage } from "~/modules/admin/components/admin-list-page";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { OfferFormDialog } from "~/modules/catalog/components/offer-form-dialog";
import { ImportExportControls } from "~/modules/import-export/components/import-export-controls";
import { ownOffersPage, runOwnOfferAction } from "~/modules/partner/lab-offers.server";
import { requireLabMember } from "~/modules/partner/lab-scope.server";
import { readQuery } from "~/utils/form-fields";
import { toastOnArrival } from "~/utils/form-result";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Offers | Partner portal | LabTest Hub" }];

/** /partner/{labId}/offers: the lab's own offers (managers), searched by test, inactive ones too. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  const page = await ownOffersPage(scope, readQuery(request, AdminSearchSchema));
  return page!;
}

/** Add, edit and delete of the lab's own offers (managers); the lab is the scope's whatever the form says. */
export async function action({ request, params }: Route.ActionArgs) {
  const scope = await requireLabMember(request, params.labId, "manager");
  return runOwnOfferAction(scope, await readForm(request));
}

export const clientAction = toastOnArrival;

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export default function PartnerOffers({ loaderData }: Route.ComponentProps) {
  const { lab, rows, q, page, pageCount, total } = loaderData;
  const base = `/partner/${lab.id}`;
  const homeCollectionAvailable = lab.homeCollectionFeeFils !== null;
  const href = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <AdminListPage
      title="Offers"
      subtitle={`${total} ${total === 1 ? "test" : "tests"} at ${lab.name}'s prices. Each test's "from" price is the lowest active offer of all labs.`}
      action={
        <div className="flex flex-wrap items-center gap-2">
          <ImportExportControls noun="offers" importAction={`${base}/offers/import`} exportUrl={(format) => `${base}/offers/export?format=${format}`} />
          <OfferFormDialog labId={lab.id} homeCollectionAvailable={homeCollectionAvailable} testOptionsUrl={`${base}/offers/test-options`} />
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
        { header: "Status", cell: (offer) => <Badge variant={offer.isActive ? "default" : "secondary"}>{offer.isActive ? "Active" : "Inactive"}</Badge> },
      ]}
      actions={(offer) => (
        <>
          <OfferFormDialog labId={lab.id} offer={offer} homeCollectionAvailable={homeCollectionAvailable} testOptionsUrl={`${base}/offers/test-options`} />
          <ConfirmDeleteDialog id={offer.id} label={`Delete ${offer.testName}`} message={`Are you sure you want to delete the offer of ${offer.testName} at ${lab.name}?`} />
        </>
      )}
      empty={q ? "No offers match your search." : "Your lab offers no tests yet. Add its first offer or import a file."}
    >
      <Pagination page={page} pageCount={pageCount} hrefFor={href} />
    </AdminListPage>
  );
}
