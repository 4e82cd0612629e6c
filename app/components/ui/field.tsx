import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";
import { useMessageTranslator } from "~/i18n/use-message";

/** A labelled form control with its error message, wired for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | string[] | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const translate = useMessageTranslator();
  // Actions answer with the spec's English; shown in the page's language.
  const raw = Array.isArray(error) ? error[0] : error;
  const message = raw ? translate(raw) : raw;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !message ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
