import { Trash2 } from "~/components/ui/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useFormResult } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

/** A delete button that asks first; posts intent=delete with the id to the route's action. */
export function ConfirmDeleteDialog({ id, message, label }: { id: string; message: string; label: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  useFormResult(fetcher.data, () => setOpen(false));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label}>
          <Trash2 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
              Delete
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
