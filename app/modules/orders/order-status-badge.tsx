import { Badge } from "~/components/ui/badge";

/** Badge style per status, as the spec says. */
export function statusBadgeVariant(status: string) {
  if (status === "paid" || status === "confirmed" || status === "completed") return "default" as const;
  if (status === "pending") return "secondary" as const;
  if (status === "cancelled" || status === "failed") return "destructive" as const;
  return "outline" as const;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={statusBadgeVariant(status)}>{status}</Badge>;
}
