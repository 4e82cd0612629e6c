import { useTranslation } from "~/i18n/use-translation";
import { useRef, useState, type ComponentType } from "react";
import { Button } from "~/components/ui/button";
import type { BookTestDialogProps } from "~/modules/booking/book-test-dialog";
import type { TestSummary } from "~/modules/catalog/test-summary";

let loaded: ComponentType<BookTestDialogProps> | undefined;
let loading: Promise<ComponentType<BookTestDialogProps>> | undefined;

function loadDialog() {
  loading ??= import("~/modules/booking/book-test-dialog").then((module) => (loaded = module.BookTestDialog));
  return loading;
}

/**
 * The Book button of a test card and the product page. The booking dialog (its form, date
 * picker and checks) is most of the JavaScript those pages would load, so it is fetched when a
 * visitor shows interest (pointer over the button, focus, touch) rather than with the page; a
 * click made before it has arrived opens it as soon as it has. The button itself is never
 * replaced, so a tap that straddles the dialog's arrival still lands on it.
 */
export function BookTestButton({ test, label, className }: { test: TestSummary; label?: string; className?: string }) {
  const { t } = useTranslation("catalog");
  const [Dialog, setDialog] = useState(() => loaded);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const load = () => {
    if (!Dialog) void loadDialog().then((component) => setDialog(() => component));
  };
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={load}
        onFocus={load}
        onTouchStart={load}
        onClick={() => {
          setOpen(true);
          load();
        }}
      >
        {label ?? t("Book Now")}
      </Button>
      {Dialog && <Dialog test={test} open={open} onOpenChange={setOpen} returnFocusTo={button} />}
    </>
  );
}
