import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useActionResult } from "~/modules/admin/action-result";

type Lab = {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  isActive: boolean;
  logoUrl: string | null;
  bannerUrl: string | null;
};

const fields = [
  { name: "name", label: "Name", type: "text", required: true },
  { name: "address", label: "Address", type: "text" },
  { name: "contactPhone", label: "Contact phone", type: "tel" },
  { name: "contactEmail", label: "Contact email", type: "email" },
  { name: "logoUrl", label: "Logo URL", type: "url" },
  { name: "bannerUrl", label: "Banner URL", type: "url" },
] as const;

export function LabFormDialog({ lab }: { lab?: Lab }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const errors = useActionResult(fetcher, () => setOpen(false));
  const prefix = lab ? `lab-${lab.id}` : "lab-new";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {lab ? (
          <Button variant="ghost" size="icon" aria-label={`Edit ${lab.name}`}>
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden /> Add Lab
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{lab ? "Edit Lab" : "Add Lab"}</DialogTitle>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={lab ? "update" : "create"} />
          {lab ? <input type="hidden" name="id" value={lab.id} /> : null}
          {fields.map((field) => {
            const id = `${prefix}-${field.name}`;
            const error = errors[field.name];
            return (
              <Field key={field.name} id={id} label={field.label} error={error}>
                <Input
                  id={id}
                  name={field.name}
                  type={field.type}
                  required={"required" in field}
                  defaultValue={lab?.[field.name] ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              </Field>
            );
          })}
          <Field id={`${prefix}-description`} label="Description">
            <Textarea id={`${prefix}-description`} name="description" defaultValue={lab?.description ?? ""} />
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="hidden" name="isActive" value="false" />
            <input
              type="checkbox"
              name="isActive"
              value="true"
              defaultChecked={lab?.isActive ?? true}
              className="size-4 accent-primary"
            />
            Active
          </label>
          <DialogFooter>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {lab ? "Update Lab" : "Create Lab"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
