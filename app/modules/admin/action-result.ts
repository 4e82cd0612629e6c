import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "sonner";

export type ToastText = { title: string; description?: string };
export type FieldErrors = Record<string, string[] | undefined>;

/** What every admin action answers: a toast to show, and field errors when the input was refused. */
export type ActionResult = { ok: true; toast: ToastText } | { ok: false; toast?: ToastText; fieldErrors?: FieldErrors };

/**
 * Shows the toast of a fetcher submission once its answer arrives, and runs onSuccess when it
 * worked. It reacts to the answer, not to the end of revalidation, so a row that disappears
 * after its own delete still gets its toast.
 */
export function useActionResult(fetcher: FetcherWithComponents<unknown>, onSuccess?: () => void) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data as ActionResult | undefined;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success(result.toast.title, { description: result.toast.description });
      onSuccess?.();
    } else if (result.toast) {
      toast.error(result.toast.title, { description: result.toast.description });
    }
  }, [fetcher.data, onSuccess]);
  const result = fetcher.data as ActionResult | undefined;
  return result && !result.ok ? (result.fieldErrors ?? {}) : {};
}
