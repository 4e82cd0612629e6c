import { useCallback, useState, type RefObject } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { BookingForm } from "~/modules/booking/booking-form";

export type BookTestDialogProps = {
  test: TestSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog (BookTestButton), which gets the focus back on close. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** The Book This Test dialog of the test card and product page. */
export function BookTestDialog({ test, open, onOpenChange, returnFocusTo }: BookTestDialogProps) {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  // The chosen lab's price (the cheapest until the form knows the labs), never a "from" price beside a dearer lab.
  const [priceFils, setPriceFils] = useState(test.priceFils);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("Book {{test}}", { test: localizedField(test.name, test.nameAr, format.language).text })}</DialogTitle>
          <DialogDescription>
            <bdi data-testid="book-dialog-price">{format.money(priceFils)}</bdi> · {t("Choose a date and time, and tell us who the test is for.")}
          </DialogDescription>
        </DialogHeader>
        <BookingForm
          test={test}
          onBooked={close}
          onPriceChange={setPriceFils}
          cancel={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("Cancel")}
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
