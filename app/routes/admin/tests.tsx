import { Link } from "react-router";
import type { Route } from "./+types/tests";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { listCategories } from "~/modules/admin/categories.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearch } from "~/modules/admin/components/admin-search";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { TestFormDialog } from "~/modules/admin/components/test-form-dialog";
import { TestImportExport } from "~/modules/admin/components/test-import-export";
import { TestSortHead } from "~/modules/admin/components/test-sort-head";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { AdminTestsQuerySchema, type SortDirection, type TestSort } from "~/modules/admin/test-form-schema";
import { createTest, deleteTest, listAdminTests, TestFormServerSchema, updateTest } from "~/modules/admin/tests.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Tests | Admin | LabTest Hub" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = AdminTestsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, categories] = await Promise.all([listAdminTests(query), listCategories("")]);
  return { ...query, ...list, categories: categories.map(({ id, name }) => ({ id, name })) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runCrudAction(await readForm(request), {
    entity: "test",
    schema: TestFormServerSchema,
    create: createTest,
    update: updateTest,
    remove: deleteTest,
    successDescription: (intent, test) =>
      `${test.name} has been ${intent === "create" ? "added" : "updated"} successfully.`,
  });
}

export default function AdminTests({ loaderData }: Route.ComponentProps) {
  const { tests, categories, q, sort, dir, page, pageCount } = loaderData;
  const href = (next: { sort?: TestSort; dir?: SortDirection; page?: number }) => {
    const params = new URLSearchParams({ ...(q ? { q } : {}), sort: next.sort ?? sort, dir: next.dir ?? dir });
    if (next.page && next.page > 1) params.set("page", String(next.page));
    return `?${params}`;
  };
  const sortHead = (label: string, column: TestSort) => (
    <TestSortHead label={label} column={column} sort={sort} dir={dir} hrefFor={(s, d) => href({ sort: s, dir: d })} />
  );
  return (
    <div>
      <AdminHeader
        title="Tests"
        subtitle="Manage the lab tests customers can book"
        action={
          <div className="flex flex-wrap items-center gap-2">
            <TestImportExport />
            <TestFormDialog categories={categories} />
          </div>
        }
      />
      <AdminSearch label="Search tests" defaultValue={q} />
      <Table className="mt-6">
        <TableHeader>
          <TableRow>
            {sortHead("Name", "name")}
            <TableHead>Category</TableHead>
            {sortHead("Price (AED)", "price")}
            {sortHead("Result Time", "result_time")}
            <TableHead>CPT Code</TableHead>
            <TableHead>Transport Temp</TableHead>
            <TableHead>Specimen</TableHead>
            <TableHead className="text-end">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tests.map((test) => (
            <TableRow key={test.id}>
              <TableCell className="font-medium">{test.name}</TableCell>
              <TableCell>{test.categoryName ?? "—"}</TableCell>
              <TableCell className="whitespace-nowrap">{formatAed(test.priceFils)}</TableCell>
              <TableCell>{test.resultTime}</TableCell>
              <TableCell>{test.cptCode}</TableCell>
              <TableCell>{test.transportTemperature}</TableCell>
              <TableCell>{test.specimen}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <TestFormDialog test={test} categories={categories} />
                  <ConfirmDeleteDialog
                    id={test.id}
                    label={`Delete ${test.name}`}
                    message={`Are you sure you want to delete ${test.name}?`}
                  />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {tests.length === 0 ? (
        q ? (
          <div className="grid justify-items-center gap-3 p-6 text-center text-sm text-muted-foreground">
            <p>No tests match your search criteria</p>
            <Button asChild variant="outline">
              <Link to="/admin/tests">Clear Filters</Link>
            </Button>
          </div>
        ) : (
          <p className="p-6 text-center text-sm text-muted-foreground">No tests found. Add your first test.</p>
        )
      ) : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => href({ page: n })} />
    </div>
  );
}
