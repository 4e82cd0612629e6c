import { useTranslation } from "~/i18n/use-translation";
import { Badge } from "~/components/ui/badge";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import type { OrderStatus, PaymentStatus } from "~/modules/lifecycle/order-status";

type Status = OrderStatus | PaymentStatus | BookingStatus;
type Variant = "default" | "secondary" | "destructive" | "outline";

/** Badge style per status, as the spec says: paid/confirmed/completed default, pending secondary, cancelled/failed destructive, others outline. */
const badgeVariants: Record<Status, Variant> = {
  paid: "default",
  confirmed: "default",
  completed: "default",
  pending: "secondary",
  cancelled: "destructive",
  failed: "destructive",
  expired: "outline",
  refunded: "outline",
};

export function statusBadgeVariant(status: string): Variant {
  return Object.hasOwn(badgeVariants, status) ? badgeVariants[status as Status] : "outline";
}

export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation("account");
  return <Badge variant={statusBadgeVariant(status)}>{t(status)}</Badge>;
}
