/** The ARIA wiring of a control: invalid when it has an error, described by the error, else by its hint. */
export function controlAria(id: string, error: string[] | undefined, hint?: boolean) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}
