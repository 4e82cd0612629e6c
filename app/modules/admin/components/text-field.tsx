import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/utils/form-result";
import { controlAria } from "~/modules/admin/components/control-aria";
import { RichTextField } from "~/modules/admin/components/rich-text-field";

export { controlAria };

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
  arabic,
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
  /** An Arabic field: its label and control are marked lang="ar" and written right to left. */
  arabic?: boolean;
}) {
  const error = errors[name];
  const direction = arabic ? ({ lang: "ar", dir: "rtl" } as const) : {};
  const props = { id, name, className, defaultValue: defaultValue ?? "", ...direction, ...controlAria(id, error, Boolean(hint)) };
  return (
    <Field id={id} label={arabic ? <span lang="ar">{label}</span> : label} error={error} hint={hint}>
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
  /** With an Arabic label, the field also gets its Arabic twin (`{name}Ar`) beside it. */
  labelAr?: string;
  /** Sanitised HTML edited with the WYSIWYG editor (its raw HTML behind a toggle). */
  richText?: boolean;
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
      {fields.map(({ wide, labelAr, richText, ...field }) => {
        const value = (name: string) => (typeof values?.[name] === "string" ? (values[name] as string) : null);
        const english = richText ? (
          <RichTextField key={field.name} id={`${prefix}-${field.name}`} errors={errors} defaultValue={value(field.name)} {...field} />
        ) : (
          <TextField key={field.name} id={`${prefix}-${field.name}`} errors={errors} defaultValue={value(field.name)} {...field} />
        );
        const arabic = { id: `${prefix}-${field.name}Ar`, name: `${field.name}Ar`, label: labelAr ?? "", errors, defaultValue: value(`${field.name}Ar`), arabic: true };
        const control = labelAr ? (
          <div key={field.name} className="grid gap-4 sm:grid-cols-2">
            {english}
            {richText ? <RichTextField {...arabic} rows={field.rows} /> : <TextField {...field} {...arabic} required={false} placeholder={undefined} />}
          </div>
        ) : (
          english
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
