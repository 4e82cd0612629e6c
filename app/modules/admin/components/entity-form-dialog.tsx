import { Pencil, Plus } from "~/components/ui/icons";
import { type ReactNode, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { type FieldErrors, useFormResult } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

/**
 * The one add/edit dialog of the admin lists: "Add {entity}" opens an empty form that creates, the
 * pencil of a row ("Edit {name}") opens its form that updates. The form posts intent and id to the
 * route's action, shows the answer's toast, closes when it worked and hands the field errors and the
 * id prefix of its controls to `children`.
 */
export function EntityFormDialog({
  entity,
  item,
  idPrefix,
  wide = false,
  after,
  trigger,
  children,
}: {
  /** The entity's name in labels: "Category" gives "Add Category", "Edit Category", "Create Category", "Update Category". */
  entity: string;
  /** The row to edit; absent to add one. */
  item?: { id: string; name: string };
  /** Prefix of the controls' ids, e.g. "category" gives "category-new-name" and "category-{id}-name". */
  idPrefix: string;
  /** A dialog for a long form (max-w-2xl instead of max-w-lg). */
  wide?: boolean;
  /** Shown under the form, in the dialog (e.g. forms of their own about the same row). */
  after?: ReactNode;
  /** The button that opens it, instead of "Add {entity}" or the row's pencil (e.g. "Add a synonym" beside a search). */
  trigger?: ReactNode;
  children: (form: { errors: FieldErrors; prefix: string }) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const errors = useFormResult(fetcher.data, () => setOpen(false));
  const prefix = item ? `${idPrefix}-${item.id}` : `${idPrefix}-new`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {trigger ?? (item ? (
          <Button variant="ghost" size="icon" aria-label={`Edit ${item.name}`}>
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden /> Add {entity}
          </Button>
        ))}
      </DialogTrigger>
      <DialogContent wide={wide}>
        <DialogHeader>
          <DialogTitle>{item ? `Edit ${entity}` : `Add ${entity}`}</DialogTitle>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value={item ? "update" : "create"} />
          {item ? <input type="hidden" name="id" value={item.id} /> : null}
          {children({ errors, prefix })}
          <DialogFooter>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {item ? `Update ${entity}` : `Create ${entity}`}
            </Button>
          </DialogFooter>
        </fetcher.Form>
        {after}
      </DialogContent>
    </Dialog>
  );
}
