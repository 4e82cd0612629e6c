import type { Route } from "./+types/categories";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearch } from "~/modules/admin/components/admin-search";
import { CategoryFormDialog } from "~/modules/admin/components/category-form-dialog";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { createCategory, deleteCategory, listCategories, updateCategory } from "~/modules/admin/categories.server";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { AdminSearchSchema, CategoryFormSchema } from "~/modules/admin/schemas";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Admin | LabTest Hub" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q } = AdminSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { q, categories: await listCategories(q) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runCrudAction(await readForm(request), {
    entity: "category",
    schema: CategoryFormSchema,
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
    duplicateMessage: "A category with this name already exists.",
  });
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories, q } = loaderData;
  return (
    <div>
      <AdminHeader title="Categories" subtitle="Group tests so customers can browse them" action={<CategoryFormDialog />} />
      <AdminSearch label="Search categories" defaultValue={q} />
      <Table className="mt-6">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Icon</TableHead>
            <TableHead className="text-end">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {categories.map((category) => (
            <TableRow key={category.id}>
              <TableCell className="font-medium">{category.name}</TableCell>
              <TableCell className="max-w-md text-muted-foreground">{category.description}</TableCell>
              <TableCell>{category.icon ?? "none"}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <CategoryFormDialog category={category} />
                  <ConfirmDeleteDialog
                    id={category.id}
                    label={`Delete ${category.name}`}
                    message={`Are you sure you want to delete ${category.name}?`}
                  />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {categories.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">
          {q ? "No categories match your search." : "No categories yet. Add your first category."}
        </p>
      ) : null}
    </div>
  );
}
