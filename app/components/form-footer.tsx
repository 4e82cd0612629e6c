import { Link } from "~/i18n/link";
import { Button } from "~/components/ui/button";
import { CardFooter } from "~/components/ui/card";

/** A card form's last row: a way back (a link) and the submit button, which says it is busy while it works. */
export function FormFooter({
  backTo,
  backLabel = "Back",
  submitLabel,
  busy,
  busyLabel = submitLabel,
}: {
  backTo: string;
  backLabel?: string;
  submitLabel: string;
  busy: boolean;
  busyLabel?: string;
}) {
  return (
    <CardFooter className="flex flex-wrap justify-between gap-2">
      <Button asChild variant="outline">
        <Link to={backTo}>{backLabel}</Link>
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </CardFooter>
  );
}
