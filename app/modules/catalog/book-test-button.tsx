import { useTranslation } from "~/i18n/use-translation";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { Button } from "~/components/ui/button";
import type { TestSummary } from "~/modules/catalog/test-summary";

type BookTestDialogProps = { test: TestSummary; label?: string; className?: string };
type PendingAction = "none" | "focus" | "open";

let loaded: ComponentType<BookTestDialogProps> | undefined;
let loading: Promise<ComponentType<BookTestDialogProps>> | undefined;

function loadDialog() {
  loading ??= import("~/modules/booking/book-test-dialog").then((module) => (loaded = module.BookTestDialog));
  return loading;
}

/**
 * The Book button of a test card and the product page. The booking dialog (its form, date
 * picker and checks) is most of the JavaScript those pages would load, so it is fetched when a
 * visitor shows interest (pointer over the button, focus, touch) rather than with the page. A
 * click made before it has arrived opens it as soon as it has; keyboard focus stays on the button.
 */
export function BookTestButton({ test, label: givenLabel, className }: BookTestDialogProps) {
  const { t } = useTranslation("catalog");
  const label = givenLabel ?? t("Book Now");
  const [Dialog, setDialog] = useState(() => loaded);
  const pending = useRef<PendingAction>("none");
  const wrapper = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!Dialog || pending.current === "none") return;
    const trigger = wrapper.current?.querySelector("button");
    if (pending.current === "open") trigger?.click();
    else trigger?.focus();
    pending.current = "none";
  }, [Dialog]);

  if (Dialog) {
    return (
      <span ref={wrapper} className="contents">
        <Dialog test={test} label={label} className={className} />
      </span>
    );
  }

  const load = () => {
    void loadDialog().then((component) => {
      if (pending.current === "none" && wrapper.current?.contains(document.activeElement)) pending.current = "focus";
      setDialog(() => component);
    });
  };
  return (
    <span ref={wrapper} className="contents">
      <Button
        type="button"
        variant="outline"
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={load}
        onFocus={load}
        onTouchStart={load}
        onClick={() => {
          pending.current = "open";
          load();
        }}
      >
        {label}
      </Button>
    </span>
  );
}
