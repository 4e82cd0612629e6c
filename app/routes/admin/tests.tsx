import { Link } from "react-router";
import type { Route } from "./+types/tests";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { adminLoader } from "~/modules/admin/admin-route.server";
import { AdminListPage } from "~/modules/admin/components/admin-list-page";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { SortHead } from "~/modules/admin/components/sort-head";
import { crudAction } from "~/modules/admin/crud-action.server";
import { TestFormDialog } from "~/modules/catalog/components/test-form-dialog";
import { adminTestsPage, testCrud } from "~/modules/catalog/manage-tests.server";
import { AdminTestsQuerySchema, type SortDirection, type TestSort } from "~/modules/catalog/test-form-schema";
import { ImportExportControls } from "~/modules/import-export/components/import-export-controls";
import { formatAed } from "~/utils/money";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Tests | Admin | LabTest Hub" }];

export const loader = adminLoader(AdminTestsQuerySchema, adminTestsPage);

export const action = crudAction(testCrud);
export const clientAction = toastOnArrival;

const noSearchResults = (
  <div className="grid justify-items-center gap-3 p-6 text-center text-sm text-muted-foreground">
    <p>No tests match your search criteria</p>
    <Button asChild variant="outline">
      <Link to="/admin/tests">Clear Filters</Link>
    </Button>
  </div>
);

export default function AdminTests({ loaderData }: Route.ComponentProps) {
  const { tests, categories, q, sort, dir, page, pageCount } = loaderData;
  const href = (next: { sort?: TestSort; dir?: SortDirection; page?: number }) => {
    const params = new URLSearchParams({ ...(q ? { q } : {}), sort: next.sort ?? sort, dir: next.dir ?? dir });
    if (next.page && next.page > 1) params.set("page", String(next.page));
    return `?${params}`;
  };
  const sortHead = (label: string, column: TestSort) => (
    <SortHead label={label} column={column} sort={sort} dir={dir} hrefFor={(s, d) => href({ sort: s, dir: d })} />
  );
  return (
    <AdminListPage
      title="Tests"
      subtitle="Manage the lab tests customers can book"
      action={
        <div className="flex flex-wrap items-center gap-2">
          <ImportExportControls noun="tests" importAction="/admin/tests/import" exportUrl={(format) => `/admin/tests/export?format=${format}`} />
          <TestFormDialog categories={categories} />
        </div>
      }
      searchLabel="Search tests"
      q={q}
      rows={tests}
      columns={[
        { header: sortHead("Name", "name"), cell: (test) => test.name, className: "font-medium" },
        { header: "Category", cell: (test) => test.categoryName ?? "—" },
        { header: sortHead("Price (AED)", "price"), cell: (test) => formatAed(test.priceFils), className: "whitespace-nowrap" },
        { header: sortHead("Result Time", "result_time"), cell: (test) => test.resultTime },
        { header: "CPT Code", cell: (test) => test.cptCode },
        { header: "Transport Temp", cell: (test) => test.transportTemperature },
        { header: "Specimen", cell: (test) => test.specimen },
      ]}
      actions={(test) => (
        <>
          <TestFormDialog test={test} categories={categories} />
          <ConfirmDeleteDialog id={test.id} label={`Delete ${test.name}`} message={`Are you sure you want to delete ${test.name}?`} />
        </>
      )}
      empty={q ? noSearchResults : "No tests found. Add your first test."}
    >
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => href({ page: n })} />
    </AdminListPage>
  );
}
