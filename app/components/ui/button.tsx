import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

export const buttonVariants = cva(
  "inline-flex items-center gap-2 whitespace-nowrap rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm",
        sm: "h-9 px-3 text-sm",
        // Beside an input of the same height (the search bar).
        tall: "h-11 px-4 py-2 text-sm",
        lg: "h-11 px-6 text-base",
        xl: "h-12 px-6 text-base",
        icon: "size-10 text-sm",
      },
      layout: {
        button: "justify-center font-medium",
        // A button that stands in for a text field (the date picker's): full width, text at the start.
        field: "w-full justify-start font-normal",
      },
    },
    defaultVariants: { variant: "default", size: "default", layout: "button" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, layout, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonVariants({ variant, size, layout }), className)} {...props} />;
}
