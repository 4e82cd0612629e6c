import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The narrow card that frames the account forms: sign in or up, forgotten and new password. */
export function AccountFormCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card>
        <CardHeader>
          <h2 className="text-2xl font-semibold">{title}</h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
