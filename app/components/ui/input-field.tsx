import type { ComponentProps, ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

type InputFieldProps = Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: ReactNode;
  /** The field's messages from a refused answer (the first one is shown). */
  error?: string | string[] | null;
  hint?: ReactNode;
};

/**
 * A labelled input with its hint or error, wired for screen readers: an error marks the input
 * invalid and describes it; otherwise the hint does. The input's name defaults to its id.
 */
export function InputField({ id, label, error, hint, name, ...input }: InputFieldProps) {
  const invalid = Array.isArray(error) ? error.length > 0 : Boolean(error);
  const describedBy = invalid ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        name={name ?? id}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </Field>
  );
}
