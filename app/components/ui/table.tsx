import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

/**
 * A table in a box that scrolls sideways by itself when the table is wider than the screen.
 * `scrollLabel` (the back office's tables) makes that box a labelled region a keyboard can focus
 * and scroll, for a table whose cells have no link or button to tab to.
 */
export function Table({ className, scrollLabel, ...props }: ComponentProps<"table"> & { scrollLabel?: string }) {
  return (
    <div
      className={cn("w-full overflow-x-auto rounded-lg border", className)}
      {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
    >
      <table className="w-full text-sm" {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-muted", className)} {...props} />;
}

export function TableBody(props: ComponentProps<"tbody">) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-t first:border-t-0", className)} {...props} />;
}

/** `alignEnd` for a column of numbers or actions. */
export function TableHead({ className, alignEnd = false, ...props }: ComponentProps<"th"> & { alignEnd?: boolean }) {
  return <th scope="col" className={cn("px-4 py-3 font-medium", alignEnd ? "text-end" : "text-start", className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-4 py-3 align-top", className)} {...props} />;
}
