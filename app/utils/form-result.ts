import { useEffect, useRef } from "react";
import { browserI18n, translateMessage } from "~/i18n/i18n";
import { wantToaster } from "~/utils/toaster";

/** The one toast shape: in an action's answer, and in the flash cookie after a redirect. */
export type Toast = { type?: "success" | "error" | "info"; title: string; description?: string };

/** Messages per field, as `z.flattenError(error).fieldErrors` gives them. */
export type FieldErrors = Record<string, string[] | undefined>;

/**
 * What every form action answers when it does not redirect: whether it worked, a toast to show,
 * and the field errors of a refused input. `Extra` carries a form's own additions (for example
 * the values to show again, or which tab to switch to).
 */
export type FormResult<Extra extends object = object> =
  | ({ ok: true; toast?: Toast } & Partial<Extra>)
  | ({ ok: false; toast?: Toast; fieldErrors?: FieldErrors } & Partial<Extra>);

/** Shows a toast as a success, an error or a plain message (the toast library loads on first use). */
export function showFormToast(toast: Toast, fallback: "success" | "error" | "info" = "info") {
  const type = toast.type ?? fallback;
  wantToaster();
  void import("sonner").then(({ toast: showToast }) => {
    const show = type === "success" ? showToast.success : type === "error" ? showToast.error : showToast;
    // Actions answer in the spec's English; the page's language is applied here.
    const i18n = browserI18n();
    const translate = (text: string) => (i18n ? translateMessage(i18n, text) : text);
    show(translate(toast.title), { description: toast.description && translate(toast.description) });
  });
}

/**
 * Shows the toast of a form's answer once when it arrives (from `useActionData()` or a fetcher's
 * `data`), runs onSuccess when it worked, and returns the field errors to display. It reacts to
 * the answer itself, not to the end of revalidation, so a row that disappears after its own
 * delete still gets its toast.
 */
export function useFormResult(result: FormResult | undefined | null, onSuccess?: () => void): FieldErrors {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.toast) showFormToast(result.toast, result.ok ? "success" : "error");
    if (result.ok) onSuccess?.();
  }, [result, onSuccess]);
  return result && !result.ok ? (result.fieldErrors ?? {}) : {};
}
