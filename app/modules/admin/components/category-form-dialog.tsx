import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useActionResult } from "~/modules/admin/action-result";

type Category = { id: string; name: string; description: string | null; icon: string | null };

export function CategoryFormDialog({ category }: { category?: Category }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const errors = useActionResult(fetcher, () => setOpen(false));
  const prefix = category ? `category-${category.id}` : "category-new";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {category ? (
          <Button variant="ghost" size="icon" aria-label={`Edit ${category.name}`}>
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden /> Add Category
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{category ? "Edit Category" : "Add Category"}</DialogTitle>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={category ? "update" : "create"} />
          {category ? <input type="hidden" name="id" value={category.id} /> : null}
          <Field id={`${prefix}-name`} label="Name" error={errors.name}>
            <Input
              id={`${prefix}-name`}
              name="name"
              required
              defaultValue={category?.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${prefix}-name-error` : undefined}
            />
          </Field>
          <Field id={`${prefix}-description`} label="Description" error={errors.description}>
            <Textarea id={`${prefix}-description`} name="description" defaultValue={category?.description ?? ""} />
          </Field>
          <Field id={`${prefix}-icon`} label="Icon">
            <select
              id={`${prefix}-icon`}
              name="icon"
              defaultValue={category?.icon ?? "none"}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              <option value="none">None</option>
              <option value="heart">Heart</option>
              <option value="dna">DNA</option>
            </select>
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {category ? "Update Category" : "Create Category"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
