import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Nothing merges conflicting Tailwind classes (tailwind-merge was 8 KB of
 * JavaScript on every page), so no class may fight another for the same property: the ui
 * components take props for their sizes and widths instead (components/ui/class-conflicts.test.ts).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
