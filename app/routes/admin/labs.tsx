import type { Route } from "./+types/labs";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearch } from "~/modules/admin/components/admin-search";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { LabFormDialog } from "~/modules/admin/components/lab-form-dialog";
import { runCrudAction } from "~/modules/admin/crud-action.server";
import { createLab, deleteLab, listLabs, updateLab } from "~/modules/admin/labs.server";
import { AdminSearchSchema, LabFormSchema } from "~/modules/admin/schemas";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Labs | Admin | LabTest Hub" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q } = AdminSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { q, labs: await listLabs(q) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runCrudAction(await readForm(request), {
    entity: "lab",
    schema: LabFormSchema,
    create: createLab,
    update: updateLab,
    remove: deleteLab,
  });
}

export default function AdminLabs({ loaderData }: Route.ComponentProps) {
  const { labs, q } = loaderData;
  return (
    <div>
      <AdminHeader title="Partner Labs" subtitle="Laboratories that perform the tests" action={<LabFormDialog />} />
      <AdminSearch label="Search labs" defaultValue={q} />
      <Table className="mt-6">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Contact</TableHead>
            <TableHead>Address</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-end">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {labs.map((lab) => (
            <TableRow key={lab.id}>
              <TableCell className="font-medium">{lab.name}</TableCell>
              <TableCell>
                <div className="grid gap-0.5">
                  {lab.contactPhone ? <span>{lab.contactPhone}</span> : null}
                  {lab.contactEmail ? <span className="text-muted-foreground">{lab.contactEmail}</span> : null}
                </div>
              </TableCell>
              <TableCell className="max-w-xs text-muted-foreground">{lab.address}</TableCell>
              <TableCell>
                <Badge variant={lab.isActive ? "default" : "secondary"}>{lab.isActive ? "Active" : "Inactive"}</Badge>
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <LabFormDialog lab={lab} />
                  <ConfirmDeleteDialog
                    id={lab.id}
                    label={`Delete ${lab.name}`}
                    message={`Are you sure you want to delete ${lab.name}?`}
                  />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {labs.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">
          {q ? "No labs match your search." : "No labs yet. Add your first partner lab."}
        </p>
      ) : null}
    </div>
  );
}
