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

const answersToasted = new WeakSet<object>();

/** Shows an answer's toast once, whichever of its readers sees it first. */
function toastAnswer(result: FormResult) {
  if (!result.toast || answersToasted.has(result)) return;
  answersToasted.add(result);
  showFormToast(result.toast, result.ok ? "success" : "error");
}

/**
 * The clientAction of a route whose forms can remove themselves (a row's delete button): the
 * toast is shown as the answer arrives. From the form's component alone it can be lost: a busy
 * device may render the answer and the revalidated list without the row in one go, and the
 * component is gone before its effect runs. `useFormResult` does not show it again.
 */
export async function toastOnArrival({ serverAction }: { serverAction: () => Promise<unknown> }) {
  const result = await serverAction();
  if (result && typeof result === "object" && "ok" in result) toastAnswer(result as FormResult);
  return result;
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
    toastAnswer(result);
    if (result.ok) onSuccess?.();
  }, [result, onSuccess]);
  return result && !result.ok ? (result.fieldErrors ?? {}) : {};
}
