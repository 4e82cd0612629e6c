import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { localizedField } from "~/i18n/localized-field";
import { useFormat } from "~/i18n/use-format";
import { useMessageTranslator } from "~/i18n/use-message";
import { LAB_CANCELLATION_REASON_LABELS, type BookingStatus, type LabCancellationReason } from "~/modules/lifecycle/booking-status";
import { PatientStatusBadge, StatusBadge } from "~/modules/lifecycle/status-badge";
import { bookingStatusWords } from "~/modules/lifecycle/patient-status";
import { appointmentOf } from "~/modules/slots/appointment-time";
import { refundReasonLabel, refundStatusLabel, type RefundStatus } from "~/modules/lifecycle/payment-status";
import type { PaymentStatus } from "~/modules/lifecycle/order-status";

type MyBooking = {
  id: string;
  testName: string | null;
  testNameAr?: string | null;
  testPriceFils: number | null;
  priceFils: number | null;
  patientName: string;
  scheduledDate: string;
  scheduledTime: string;
  slotStart?: Date | string | null;
  labName: string | null;
  labNameAr?: string | null;
  collectionType: string | null;
  status: BookingStatus;
  cancellationFeeFils: number | null;
  /** When the lab took the sample (partner portal). */
  sampleCollectedAt?: Date | string | null;
  /** Why the lab cancelled, when it did. */
  labCancellationReason?: LabCancellationReason | null;
  refunds: { id: string; amountFils: number; reason: string; status: RefundStatus }[];
  /** What to prepare (plain text) for a visit still ahead; null when the test says nothing or the visit is over. */
  preparation?: string | null;
  preparationAr?: string | null;
  /** How the booking's order is paid, when it belongs to one. */
  paymentMethod?: string | null;
  paymentStatus?: PaymentStatus | null;
  /** The patient's visit at another place soon before or after this one (nearby-visits.ts), or null. */
  nearby?: { time: string; labName: string | null; labNameAr: string | null; collectionType: string | null } | null;
  /** Null for a booking that is no longer active (completed or cancelled). */
  changes: {
    canChange: boolean;
    canReschedule: boolean;
    reason: string | null;
    freeCancellationUntil: Date | string | null;
    changesUntil?: Date | string | null;
  } | null;
};

const DEADLINE: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

/** The dashboard's My Bookings list: each upcoming booking with its Reschedule and Cancel, or why not. */
export function MyBookingsList({ bookings }: { bookings: MyBooking[] }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  const appointmentText = (booking: MyBooking) => {
    const { date, time } = appointmentOf(booking)!;
    return t("{{date}} at {{time}}", { date: format.calendarDate(date), time });
  };
  if (bookings.length === 0) return <p className="text-muted-foreground">{t("You have no bookings yet.")}</p>;
  return (
    // Below md each booking is a card of its own (issue 26: the dashboard on a phone).
    <ul className="divide-y max-md:grid max-md:gap-3 max-md:divide-y-0" aria-label={t("My bookings")}>
      {bookings.map((booking) => {
        const price = booking.priceFils ?? booking.testPriceFils;
        const name = booking.testName ? localizedField(booking.testName, booking.testNameAr, format.language) : { text: t("Test no longer available") };
        const testName = name.text;
        const labName = booking.labName ? localizedField(booking.labName, booking.labNameAr, format.language).text : null;
        const where = [labName, labName ? (booking.collectionType === "home" ? t("Home collection") : t("Walk-in")) : null]
          .filter(Boolean)
          .join(" · ");
        return (
          <li key={booking.id} className="grid gap-2 py-3 wrap-anywhere max-md:rounded-lg max-md:border max-md:p-3" data-testid="booking-row">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium" lang={name.lang}>
                  {name.lang ? <bdi>{testName}</bdi> : testName}
                </p>
                <p className="text-sm text-muted-foreground">
                  <bdi>{booking.patientName}</bdi> ·{" "}
                  <span data-testid="booking-appointment">{appointmentText(booking)}</span>
                  {where ? ` · ${where}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-3">
                {price !== null ? (
                  <span className="text-sm tabular-nums">
                    <bdi>{format.money(price)}</bdi>
                  </span>
                ) : null}
                <PatientStatusBadge words={bookingStatusWords(booking.status)} status={booking.status} />
              </div>
            </div>
            <NearbyVisitNote booking={booking} />
            <Preparation booking={booking} />
            {booking.paymentMethod ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="booking-payment">
                {booking.paymentMethod === "stripe" ? t("By card") : t("Cash at the visit")}
                {booking.paymentStatus ? <StatusBadge status={booking.paymentStatus} /> : null}
              </p>
            ) : null}
            <LabNote booking={booking} />
            <BookingMoney booking={booking} />
            {booking.changes ? <BookingChanges id={booking.id} testName={testName} changes={booking.changes} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The patient's other visit at another place close in time: a reminder to leave time to travel. */
function NearbyVisitNote({ booking }: { booking: MyBooking }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  const other = booking.nearby;
  if (!other) return null;
  const lab = other.labName ? localizedField(other.labName, other.labNameAr, format.language).text : null;
  const place = [lab, other.collectionType === "home" ? t("Home collection") : t("Walk-in")].filter(Boolean).join(" · ");
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="booking-nearby">
      {t("{{patient}} also has a booking at {{time}} that day ({{place}}). Leave time to get from one place to the other.", {
        patient: booking.patientName,
        time: other.time,
        place,
      })}
    </p>
  );
}

/** What the patient prepares for the visit, in the page's language (the English text, marked, when untranslated). */
function Preparation({ booking }: { booking: MyBooking }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  if (!booking.preparation) return null;
  const text = localizedField(booking.preparation, booking.preparationAr ?? null, format.language);
  return (
    <p className="line-clamp-3 text-sm" data-testid="booking-preparation">
      <span className="font-medium">{t("What to prepare:")}</span>{" "}
      <span lang={text.lang} dir={text.lang ? "ltr" : undefined}>
        {text.text}
      </span>
    </p>
  );
}

const COLLECTED_AT: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

/** What the lab did: when it took the sample, why it cancelled, or that the patient was not there. */
function LabNote({ booking }: { booking: MyBooking }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  let note: string | null = null;
  if (booking.sampleCollectedAt) note = t("Sample collected on {{time}}", { time: format.dateTime(booking.sampleCollectedAt, COLLECTED_AT, "en-GB") });
  else if (booking.status === "cancelled" && booking.labCancellationReason) {
    note = t("Cancelled by the lab: {{reason}}", { reason: t(LAB_CANCELLATION_REASON_LABELS[booking.labCancellationReason]) });
  } else if (booking.status === "no_show") {
    note = t(
      "Marked as a no-show: the patient was not there at the booked time and place. A card payment is refunded less the late-cancellation fee, as for a late cancellation.",
    );
  }
  return note ? (
    <p className="text-sm" data-testid="booking-lab-note">
      {note}
    </p>
  ) : null;
}

function BookingMoney({ booking }: { booking: MyBooking }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  const translate = useMessageTranslator();
  if (booking.refunds.length === 0 && !booking.cancellationFeeFils) return null;
  return (
    <ul className="grid gap-0.5 text-sm" data-testid="booking-refunds">
      {booking.refunds.map((refund) => (
        <li key={refund.id}>
          <bdi>{format.money(refund.amountFils)}</bdi> {translate(refundStatusLabel(refund.status))}
          <span className="text-muted-foreground"> · {translate(refundReasonLabel(refund.reason))}</span>
        </li>
      ))}
      {booking.cancellationFeeFils ? (
        <li>
          {t("Late-cancellation fee kept:")} <bdi>{format.money(booking.cancellationFeeFils)}</bdi>
        </li>
      ) : null}
    </ul>
  );
}

function BookingChanges({ id, testName, changes }: { id: string; testName: string; changes: NonNullable<MyBooking["changes"]> }) {
  const { t } = useTranslation("account");
  const format = useFormat();
  const translate = useMessageTranslator();
  if (!changes.canChange) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="booking-change-closed">
        {changes.reason ? translate(changes.reason) : null}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {changes.canReschedule ? (
        <Button asChild size="sm" variant="outline">
          <Link to={`/dashboard/bookings/${id}/reschedule`} aria-label={t("Reschedule {{test}}", { test: testName })}>
            {t("Reschedule")}
          </Link>
        </Button>
      ) : null}
      <Button asChild size="sm" variant="outline">
        <Link to={`/dashboard/bookings/${id}/cancel`} aria-label={t("Cancel {{test}}", { test: testName })}>
          {t("Cancel")}
        </Link>
      </Button>
      {changes.freeCancellationUntil ? (
        <span className="text-xs text-muted-foreground">
          {t("Free cancellation until {{time}}", { time: format.dateTime(changes.freeCancellationUntil, DEADLINE, "en-GB") })}
        </span>
      ) : null}
      {changes.changesUntil && String(changes.changesUntil) !== String(changes.freeCancellationUntil) ? (
        <span className="text-xs text-muted-foreground" data-testid="booking-changes-until">
          {t("Changes and cancellation online until {{time}}; a late-cancellation fee applies after the free cancellation time.", {
            time: format.dateTime(changes.changesUntil, DEADLINE, "en-GB"),
          })}
        </span>
      ) : null}
    </div>
  );
}
