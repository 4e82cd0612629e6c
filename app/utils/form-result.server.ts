import { data } from "react-router";
import { z } from "zod";
import type { FieldErrors, FormResult, Toast } from "~/utils/form-result";

/** The field errors of a refused input, in the one shape every form reads. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return z.flattenError(error).fieldErrors as FieldErrors;
}

/** A successful answer, with its toast. */
export function formSuccess<Extra extends object = object>(toast?: Toast, extra?: Extra) {
  return data<FormResult<Extra>>({ ok: true, ...(toast ? { toast } : {}), ...extra } as FormResult<Extra>);
}

/** A refused answer: status, and optionally a toast, field errors and the form's own extras. */
export function formFailure<Extra extends object = object>(
  status: number,
  failure: { toast?: Toast; fieldErrors?: FieldErrors } & Partial<Extra> = {},
) {
  return data<FormResult<Extra>>({ ok: false, ...failure } as FormResult<Extra>, { status });
}

/** A 400 for input the schema refused; the toast's description is the first field message. */
export function invalidForm<Extra extends object = object>(error: z.ZodError, title?: string, extra?: Partial<Extra>) {
  const fieldErrors = fieldErrorsOf(error);
  const first = Object.values(fieldErrors).find((messages) => messages?.length)?.[0];
  return formFailure<Extra>(400, {
    fieldErrors,
    ...(title ? { toast: { type: "error", title, ...(first ? { description: first } : {}) } } : {}),
    ...extra,
  } as { toast?: Toast; fieldErrors?: FieldErrors } & Partial<Extra>);
}
