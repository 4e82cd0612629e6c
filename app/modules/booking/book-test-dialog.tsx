import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { TestSummary } from "~/modules/catalog/test-summary";
import { BookingForm } from "~/modules/booking/booking-form";

/** The Book This Test dialog of the test card and product page. */
export function BookTestDialog({ test, label, className }: { test: TestSummary; label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const close = useCallback(() => setOpen(false), []);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className={className}>
          {label ?? t("Book Now")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("Book {{test}}", { test: localizedField(test.name, test.nameAr, format.language).text })}</DialogTitle>
          <DialogDescription>
            <bdi>{format.money(test.priceFils)}</bdi> · {t("Choose a date and time, and tell us who the test is for.")}
          </DialogDescription>
        </DialogHeader>
        <BookingForm
          test={test}
          onBooked={close}
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
