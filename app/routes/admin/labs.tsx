import type { Route } from "./+types/labs";
import { Badge } from "~/components/ui/badge";
import { adminLoader } from "~/modules/admin/admin-route.server";
import { AdminListPage } from "~/modules/admin/components/admin-list-page";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { crudAction } from "~/modules/admin/crud-action.server";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { LabFormDialog } from "~/modules/catalog/components/lab-form-dialog";
import { labCrud, listLabs } from "~/modules/catalog/manage-labs.server";

export const meta: Route.MetaFunction = () => [{ title: "Labs | Admin | LabTest Hub" }];

export const loader = adminLoader(AdminSearchSchema, async ({ q }) => ({ q, labs: await listLabs(q) }));

export const action = crudAction(labCrud);

function LabContact({ lab }: { lab: { contactPhone: string | null; contactEmail: string | null } }) {
  return (
    <div className="grid gap-0.5">
      {lab.contactPhone ? <span>{lab.contactPhone}</span> : null}
      {lab.contactEmail ? <span className="text-muted-foreground">{lab.contactEmail}</span> : null}
    </div>
  );
}

export default function AdminLabs({ loaderData: { labs, q } }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Partner Labs"
      subtitle="Laboratories that perform the tests"
      action={<LabFormDialog />}
      searchLabel="Search labs"
      q={q}
      rows={labs}
      columns={[
        { header: "Name", cell: (lab) => lab.name, className: "font-medium" },
        { header: "Contact", cell: (lab) => <LabContact lab={lab} /> },
        { header: "Address", cell: (lab) => lab.address, className: "max-w-xs text-muted-foreground" },
        { header: "Status", cell: (lab) => <Badge variant={lab.isActive ? "default" : "secondary"}>{lab.isActive ? "Active" : "Inactive"}</Badge> },
      ]}
      actions={(lab) => (
        <>
          <LabFormDialog lab={lab} />
          <ConfirmDeleteDialog id={lab.id} label={`Delete ${lab.name}`} message={`Are you sure you want to delete ${lab.name}?`} />
        </>
      )}
      empty={q ? "No labs match your search." : "No labs yet. Add your first partner lab."}
    />
  );
}
