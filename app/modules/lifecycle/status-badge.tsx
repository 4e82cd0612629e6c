import { useTranslation } from "~/i18n/use-translation";
import { Badge } from "~/components/ui/badge";
import type { BookingStatus } from "~/modules/lifecycle/booking-status";
import type { OrderStatus, PaymentStatus } from "~/modules/lifecycle/order-status";
import type { PatientStatusWords } from "~/modules/lifecycle/patient-status";

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
  sample_collected: "default",
  no_show: "destructive",
};

/** The badge's words: a status as it reads ("pending"), or its label where its value is not a word. */
const statusLabels = { sample_collected: "Sample collected", no_show: "No-show" } as const satisfies Partial<Record<Status, string>>;
type LabelledStatus = keyof typeof statusLabels;

export function statusLabel(status: Status): Exclude<Status, LabelledStatus> | (typeof statusLabels)[LabelledStatus] {
  return Object.hasOwn(statusLabels, status) ? statusLabels[status as LabelledStatus] : (status as Exclude<Status, LabelledStatus>);
}

export function statusBadgeVariant(status: string): Variant {
  return Object.hasOwn(badgeVariants, status) ? badgeVariants[status as Status] : "outline";
}

export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation("account");
  return <Badge variant={statusBadgeVariant(status)}>{t(statusLabel(status))}</Badge>;
}

/** A status in a patient's words (patient-status.ts), styled as the lifecycle status it stands for. */
export function PatientStatusBadge({ words, status }: { words: PatientStatusWords; status: Status }) {
  const { t } = useTranslation("account");
  return (
    <Badge variant={statusBadgeVariant(status)} data-testid="patient-status">
      {t(words)}
    </Badge>
  );
}
