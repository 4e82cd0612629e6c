import type { ReactNode } from "react";
import type { useFetcher } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { FormResult } from "~/utils/form-result";

/** One of the profile page's own forms (issue 26): a card with its title and description, posting `intent` through `fetcher`. */
export function ProfileSectionCard({
  title,
  description,
  intent,
  fetcher,
  children,
}: {
  title: string;
  description: string;
  intent: string;
  fetcher: ReturnType<typeof useFetcher<FormResult>>;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate className="grid gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value={intent} />
          {children}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
