import { useCallback, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { formatAed } from "~/utils/money";
import { BookingForm } from "~/modules/booking/booking-form";

/** The Book This Test dialog of the test card and product page. */
export function BookTestDialog({ test, label = "Book Now", className }: { test: TestSummary; label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className={className}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Book {test.name}</DialogTitle>
          <DialogDescription>
            {formatAed(test.priceFils)} · Choose a date and time, and tell us who the test is for.
          </DialogDescription>
        </DialogHeader>
        <BookingForm
          test={test}
          onBooked={close}
          cancel={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
