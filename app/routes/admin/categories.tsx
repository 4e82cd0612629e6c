import type { Route } from "./+types/categories";
import { adminLoader } from "~/modules/admin/admin-route.server";
import { AdminListPage } from "~/modules/admin/components/admin-list-page";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { crudAction } from "~/modules/admin/crud-action.server";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { CategoryFormDialog } from "~/modules/catalog/components/category-form-dialog";
import { categoryCrud, searchCategories } from "~/modules/catalog/manage-categories.server";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Admin | LabTest Hub" }];

export const loader = adminLoader(AdminSearchSchema, async ({ q }) => ({ q, categories: await searchCategories(q) }));

export const action = crudAction(categoryCrud);
export const clientAction = toastOnArrival;

export default function AdminCategories({ loaderData: { categories, q } }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Categories"
      subtitle="Group tests so customers can browse them"
      action={<CategoryFormDialog />}
      searchLabel="Search categories"
      q={q}
      rows={categories}
      columns={[
        { header: "Name", cell: (category) => category.name, className: "font-medium" },
        { header: "Description", cell: (category) => category.description, className: "max-w-md text-muted-foreground" },
        { header: "Icon", cell: (category) => category.icon ?? "none" },
        { header: "VAT", cell: (category) => (category.vatRate === "zero" ? "Zero-rated (0%)" : "Standard (5%)") },
      ]}
      actions={(category) => (
        <>
          <CategoryFormDialog category={category} />
          <ConfirmDeleteDialog id={category.id} label={`Delete ${category.name}`} message={`Are you sure you want to delete ${category.name}?`} />
        </>
      )}
      empty={q ? "No categories match your search." : "No categories yet. Add your first category."}
    />
  );
}
