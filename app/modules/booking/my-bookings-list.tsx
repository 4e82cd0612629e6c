import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatBookingDate } from "~/utils/dubai-date";
import { formatAed } from "~/utils/money";
import type { BookingStatus } from "~/modules/booking/booking-status";
import { StatusBadge } from "~/modules/orders/order-status-badge";
import { refundReasonLabel, refundStatusLabel, type RefundStatus } from "~/modules/payments/payment-status";

type MyBooking = {
  id: string;
  testName: string | null;
  testPriceFils: number | null;
  priceFils: number | null;
  patientName: string;
  scheduledDate: string;
  scheduledTime: string;
  labName: string | null;
  collectionType: string | null;
  status: BookingStatus;
  cancellationFeeFils: number | null;
  refunds: { id: string; amountFils: number; reason: string; status: RefundStatus }[];
  /** Null for a booking that is no longer active (completed or cancelled). */
  changes: { canChange: boolean; canReschedule: boolean; reason: string | null; freeCancellationUntil: Date | string | null } | null;
};

const cancellationDeadline = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Dubai",
});

/** The dashboard's My Bookings list: each upcoming booking with its Reschedule and Cancel, or why not. */
export function MyBookingsList({ bookings }: { bookings: MyBooking[] }) {
  if (bookings.length === 0) return <p className="text-muted-foreground">You have no bookings yet.</p>;
  return (
    <ul className="divide-y" aria-label="My bookings">
      {bookings.map((booking) => {
        const price = booking.priceFils ?? booking.testPriceFils;
        const testName = booking.testName ?? "Test no longer available";
        const where = [booking.labName, booking.labName ? (booking.collectionType === "home" ? "Home collection" : "Walk-in") : null]
          .filter(Boolean)
          .join(" · ");
        return (
          <li key={booking.id} className="grid gap-2 py-3" data-testid="booking-row">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{testName}</p>
                <p className="text-sm text-muted-foreground">
                  {booking.patientName} · {formatBookingDate(booking.scheduledDate)} at {booking.scheduledTime}
                  {where ? ` · ${where}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-3">
                {price !== null ? <span className="text-sm tabular-nums">{formatAed(price)}</span> : null}
                <StatusBadge status={booking.status} />
              </div>
            </div>
            <BookingMoney booking={booking} />
            {booking.changes ? <BookingChanges id={booking.id} testName={testName} changes={booking.changes} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function BookingMoney({ booking }: { booking: MyBooking }) {
  if (booking.refunds.length === 0 && !booking.cancellationFeeFils) return null;
  return (
    <ul className="grid gap-0.5 text-sm" data-testid="booking-refunds">
      {booking.refunds.map((refund) => (
        <li key={refund.id}>
          {formatAed(refund.amountFils)} {refundStatusLabel(refund.status)}
          <span className="text-muted-foreground"> · {refundReasonLabel(refund.reason)}</span>
        </li>
      ))}
      {booking.cancellationFeeFils ? <li>Late-cancellation fee kept: {formatAed(booking.cancellationFeeFils)}</li> : null}
    </ul>
  );
}

function BookingChanges({ id, testName, changes }: { id: string; testName: string; changes: NonNullable<MyBooking["changes"]> }) {
  if (!changes.canChange) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="booking-change-closed">
        {changes.reason}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {changes.canReschedule ? (
        <Button asChild size="sm" variant="outline">
          <Link to={`/dashboard/bookings/${id}/reschedule`} aria-label={`Reschedule ${testName}`}>
            Reschedule
          </Link>
        </Button>
      ) : null}
      <Button asChild size="sm" variant="outline">
        <Link to={`/dashboard/bookings/${id}/cancel`} aria-label={`Cancel ${testName}`}>
          Cancel
        </Link>
      </Button>
      {changes.freeCancellationUntil ? (
        <span className="text-xs text-muted-foreground">
          Free cancellation until {cancellationDeadline.format(new Date(changes.freeCancellationUntil))}
        </span>
      ) : null}
    </div>
  );
}
