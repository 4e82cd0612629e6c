import { ChevronDown } from "~/components/ui/icons";
import { createContext, use, useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "~/utils/cn";

// The WAI-ARIA accordion pattern: each header's button shows or hides its panel, one panel open at
// a time, arrow keys move between headers. Closed panels stay in the HTML (hidden by CSS), unlike
// Radix's Accordion which leaves them out, so search engines and visitors without JavaScript get
// every answer.

type AccordionState = { open: string | null; toggle: (value: string) => void };
const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ open: boolean; value: string; triggerId: string; panelId: string } | null>(null);

function required<T>(value: T | null, component: string): T {
  if (value === null) throw new Error(`${component} must be inside an Accordion and an AccordionItem`);
  return value;
}

/** Moves focus between the accordion's header buttons (ArrowUp/ArrowDown, Home/End). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const triggers = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("[data-accordion-trigger]")];
  const index = triggers.indexOf(event.target as HTMLButtonElement);
  if (index === -1) return;
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: triggers.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  triggers[(next + triggers.length) % triggers.length].focus();
}

export function Accordion({ className, children, ...props }: ComponentProps<"div">) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (value: string) => setOpen((current) => (current === value ? null : value));
  return (
    <AccordionContext value={{ open, toggle }}>
      <div className={className} onKeyDown={moveFocus} {...props}>
        {children}
        {/* Without JavaScript the buttons cannot open anything: show every panel instead. */}
        <noscript>
          <style>{"[data-accordion-panel]{display:block}"}</style>
        </noscript>
      </div>
    </AccordionContext>
  );
}

export function AccordionItem({ value, className, ...props }: ComponentProps<"div"> & { value: string }) {
  const { open } = required(use(AccordionContext), "AccordionItem");
  const id = useId();
  return (
    <ItemContext value={{ open: open === value, value, triggerId: `${id}-trigger`, panelId: `${id}-panel` }}>
      <div className={cn("border-b", className)} data-state={open === value ? "open" : "closed"} {...props} />
    </ItemContext>
  );
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<"button">) {
  const { toggle } = required(use(AccordionContext), "AccordionTrigger");
  const item = required(use(ItemContext), "AccordionTrigger");
  return (
    <h3 className="flex">
      <button
        type="button"
        id={item.triggerId}
        aria-expanded={item.open}
        aria-controls={item.panelId}
        data-accordion-trigger=""
        onClick={() => toggle(item.value)}
        className={cn(
          "flex flex-1 items-center justify-between gap-4 py-4 text-start font-medium hover:underline [&[aria-expanded=true]>svg]:rotate-180",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown className="size-4 shrink-0 transition-transform" aria-hidden />
      </button>
    </h3>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<"div">) {
  const item = required(use(ItemContext), "AccordionContent");
  return (
    <div
      role="region"
      id={item.panelId}
      aria-labelledby={item.triggerId}
      data-accordion-panel=""
      data-state={item.open ? "open" : "closed"}
      className="text-sm data-[state=closed]:hidden"
      {...props}
    >
      <div className={cn("pb-4 text-muted-foreground", className)}>{children}</div>
    </div>
  );
}
