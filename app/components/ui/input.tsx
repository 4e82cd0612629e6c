import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

/** The text box's look, for inputs drawn by other components (the search box). */
export function inputClassName({ tall = false, fullWidth = true, className }: { tall?: boolean; fullWidth?: boolean; className?: string } = {}) {
  return cn(
    tall ? "h-11" : "h-10",
    fullWidth && "w-full",
    "flex rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive sm:text-sm",
    className,
  );
}

/** `tall`: 44 px high instead of 40 (beside a tall button); `fullWidth={false}` to size it with a class. */
export function Input({ className, tall = false, fullWidth = true, ...props }: ComponentProps<"input"> & { tall?: boolean; fullWidth?: boolean }) {
  return <input className={inputClassName({ tall, fullWidth, className })} {...props} />;
}
