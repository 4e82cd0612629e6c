import { useMessageTranslator } from "~/i18n/use-message";
import type { Toast } from "~/utils/form-result";

/** A refused form's toast, repeated in the page above the form so it stays readable. */
export function FormAlert({ toast }: { toast?: Toast | null }) {
  const translate = useMessageTranslator();
  if (!toast) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="font-semibold">{translate(toast.title)}</p>
      {toast.description ? <p>{translate(toast.description)}</p> : null}
    </div>
  );
}
