import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useFormResult } from "~/utils/form-result";
import { CsrfField } from "~/components/csrf-field";

/** A one-button form: posts `intent` and the hidden fields to the route's action and shows its toast. */
export function IntentButton({
  intent,
  fields = {},
  children,
  variant,
  size,
  label,
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  variant?: "default" | "outline" | "ghost";
  size?: "sm" | "default";
  label?: string;
}) {
  const fetcher = useFetcher();
  useFormResult(fetcher.data);
  return (
    <fetcher.Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size={size} disabled={fetcher.state !== "idle"} aria-label={label}>
        {children}
      </Button>
    </fetcher.Form>
  );
}
