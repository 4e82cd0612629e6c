import { ArrowLeft, Pencil } from "~/components/ui/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/test-offers";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { testOffersAcrossLabs } from "~/modules/catalog/manage-offers.server";
import { formatAed } from "~/utils/money";

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: `Offers${page ? ` of ${page.test.name}` : ""} | Admin | LabTest Hub` }];

const TEST_NOT_FOUND = "Test not found";

/** /admin/tests/{testId}/offers: where "Edit offers" of a test leads; each offer is edited on its lab's page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await testOffersAcrossLabs(routeUuid(params.testId, TEST_NOT_FOUND));
  if (!page) throw data(TEST_NOT_FOUND, { status: 404 });
  return page;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export default function AdminTestOffers({ loaderData: { test, offers } }: Route.ComponentProps) {
  return (
    <div>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/admin/tests" className="inline-flex items-center gap-1 hover:underline">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> Tests
        </Link>
      </nav>
      <AdminHeader
        title={`Offers of ${test.name}`}
        subtitle={`${offers.length} lab ${offers.length === 1 ? "offer" : "offers"}; the test's price is the lowest active one (now ${formatAed(test.priceFils)}).`}
      />
      <AdminTable
        label={`Offers of ${test.name}`}
        rows={offers}
        empty="No lab offers this test yet. Add it from a lab's offers page."
        columns={[
          {
            header: "Lab",
            cell: (offer) => (
              <span className="font-medium">
                {offer.labName}
                {offer.labActive ? null : <span className="ms-2 text-xs text-muted-foreground">(lab inactive)</span>}
              </span>
            ),
          },
          { header: "Price", cell: (offer) => <span className="whitespace-nowrap tabular-nums">{formatAed(offer.priceFils)}</span> },
          { header: "Results", cell: (offer) => (offer.resultHours ? `${offer.resultHours} h` : "—") },
          { header: "Walk-in", cell: (offer) => yesNo(offer.walkIn) },
          { header: "Home", cell: (offer) => yesNo(offer.homeCollection) },
          { header: "Status", cell: (offer) => <Badge variant={offer.isActive ? "secondary" : "outline"}>{offer.isActive ? "Active" : "Inactive"}</Badge> },
        ]}
        actions={(offer) => (
          <Button asChild variant="ghost" size="sm">
            <Link to={`/admin/labs/${offer.labId}/offers?${new URLSearchParams({ q: test.name })}`} aria-label={`Edit the offer of ${offer.labName}`}>
              <Pencil aria-hidden /> Edit
            </Link>
          </Button>
        )}
      />
    </div>
  );
}
