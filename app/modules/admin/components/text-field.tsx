import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/utils/form-result";

/** The ARIA wiring of a control: invalid when it has an error, described by the error, else by its hint. */
export function controlAria(id: string, error: string[] | undefined, hint?: boolean) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** A labelled text input (or text area) of an admin form, with its error and hint wired for screen readers. */
export function TextField({
  id,
  name,
  label,
  errors,
  defaultValue,
  hint,
  rows,
  multiline = rows !== undefined,
  className,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  errors: FieldErrors;
  defaultValue?: string | null;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
  className?: string;
  type?: string;
  required?: boolean;
  placeholder?: string;
  inputMode?: "decimal";
  min?: number;
  step?: number;
  readOnly?: boolean;
}) {
  const error = errors[name];
  const props = { id, name, className, defaultValue: defaultValue ?? "", ...controlAria(id, error, Boolean(hint)) };
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {multiline ? <Textarea rows={rows} {...props} /> : <Input {...input} {...props} />}
    </Field>
  );
}

/** One text field of a form, as data; a wide one takes both columns of a two-column form. */
export type TextFieldSpec = {
  name: string;
  label: string;
  type?: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
  rows?: number;
  wide?: boolean;
};

/** Text fields from a list: control ids `{prefix}-{name}`, values from `values`. */
export function TextFields({
  prefix,
  fields,
  errors,
  values,
}: {
  prefix: string;
  fields: readonly TextFieldSpec[];
  errors: FieldErrors;
  values?: Record<string, unknown> | null;
}) {
  return (
    <>
      {fields.map(({ wide, ...field }) => {
        const value = values?.[field.name];
        const control = (
          <TextField key={field.name} id={`${prefix}-${field.name}`} errors={errors} defaultValue={typeof value === "string" ? value : null} {...field} />
        );
        return wide ? (
          <div key={field.name} className="sm:col-span-2">
            {control}
          </div>
        ) : (
          control
        );
      })}
    </>
  );
}
