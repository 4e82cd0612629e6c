import { formatBookingDate } from "~/utils/dubai-date";
import { formatAed } from "~/utils/money";
import type { BookingStatus } from "~/modules/booking/booking-status";
import { StatusBadge } from "~/modules/orders/order-status-badge";

type MyBooking = {
  id: string;
  testName: string | null;
  testPriceFils: number | null;
  patientName: string;
  scheduledDate: string;
  scheduledTime: string;
  status: BookingStatus;
};

/** The dashboard's My Bookings list. */
export function MyBookingsList({ bookings }: { bookings: MyBooking[] }) {
  if (bookings.length === 0) return <p className="text-muted-foreground">You have no bookings yet.</p>;
  return (
    <ul className="divide-y" aria-label="My bookings">
      {bookings.map((booking) => (
        <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="booking-row">
          <div>
            <p className="font-medium">{booking.testName ?? "Test no longer available"}</p>
            <p className="text-sm text-muted-foreground">
              {booking.patientName} · {formatBookingDate(booking.scheduledDate)} at {booking.scheduledTime}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {booking.testPriceFils !== null ? <span className="text-sm tabular-nums">{formatAed(booking.testPriceFils)}</span> : null}
            <StatusBadge status={booking.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
