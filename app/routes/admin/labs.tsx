import { CalendarDays, ListChecks } from "~/components/ui/icons";
import { Link } from "react-router";
import type { Route } from "./+types/labs";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { adminLoader } from "~/modules/admin/admin-route.server";
import { AdminListPage } from "~/modules/admin/components/admin-list-page";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { crudAction } from "~/modules/admin/crud-action.server";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { LabFormDialog } from "~/modules/catalog/components/lab-form-dialog";
import { labCrud, listLabs } from "~/modules/catalog/manage-labs.server";
import { LabManagersSection } from "~/modules/partner/components/members-view";
import { managersOfLabs } from "~/modules/partner/lab-members.server";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Labs | Admin | LabTest Hub" }];

export const loader = adminLoader(AdminSearchSchema, async ({ q }) => {
  const labs = await listLabs(q);
  const managers = await managersOfLabs(labs.map((lab) => lab.id));
  return { q, labs: labs.map((lab) => ({ ...lab, managers: managers.get(lab.id) ?? [] })) };
});

export const action = crudAction(labCrud);
export const clientAction = toastOnArrival;

function LabContact({ lab }: { lab: { contactPhone: string | null; contactEmail: string | null } }) {
  return (
    <div className="grid gap-0.5">
      {lab.contactPhone ? <span>{lab.contactPhone}</span> : null}
      {lab.contactEmail ? <span className="text-muted-foreground">{lab.contactEmail}</span> : null}
    </div>
  );
}

function LabAddress({ lab }: { lab: { address: string | null; area: string | null } }) {
  return (
    <div className="grid gap-0.5">
      {lab.area ? <span className="font-medium text-foreground">{lab.area}</span> : null}
      {lab.address ? <span>{lab.address}</span> : null}
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
        { header: "Address", cell: (lab) => <LabAddress lab={lab} />, className: "max-w-xs text-muted-foreground" },
        { header: "Status", cell: (lab) => <Badge variant={lab.isActive ? "default" : "secondary"}>{lab.isActive ? "Active" : "Inactive"}</Badge> },
      ]}
      actions={(lab) => (
        <>
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/labs/${lab.id}/offers`} aria-label={`Offers of ${lab.name}`} title="Offers">
              <ListChecks aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/labs/${lab.id}/day`} aria-label={`Day view of ${lab.name}`} title="Day view">
              <CalendarDays aria-hidden />
            </Link>
          </Button>
          <LabFormDialog lab={lab} after={<LabManagersSection labId={lab.id} managers={lab.managers} />} />
          <ConfirmDeleteDialog id={lab.id} label={`Delete ${lab.name}`} message={`Are you sure you want to delete ${lab.name}?`} />
        </>
      )}
      empty={q ? "No labs match your search." : "No labs yet. Add your first partner lab."}
    />
  );
}
