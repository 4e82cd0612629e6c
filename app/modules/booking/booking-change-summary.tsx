import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatBookingDate } from "~/utils/dubai-date";

type ChangedBooking = {
  testName: string | null;
  patientName: string;
  scheduledDate: string;
  scheduledTime: string;
  labName: string | null;
  collectionType: string | null;
  units: number;
};

/** The frame of the Reschedule and Cancel pages: the title, the booking, then the step. */
export function BookingChangePage({ title, booking, children }: { title: string; booking: ChangedBooking; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-2xl grid-cols-1 gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <Card>
        <CardHeader>
          <CardTitle>Your booking</CardTitle>
        </CardHeader>
        <CardContent>
          <BookingChangeSummary booking={booking} />
        </CardContent>
      </Card>
      {children}
    </div>
  );
}

/** Why the booking cannot be changed (too late, cancelled, completed), with the way back. */
export function ChangeRefused({ reason }: { reason: string }) {
  return (
    <>
      <p className="text-sm" data-testid="change-refused">
        {reason}
      </p>
      <div>
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to My Dashboard</Link>
        </Button>
      </div>
    </>
  );
}

/** A refused confirmation's message, announced. */
export function ChangeFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      {message}
    </p>
  );
}

/** The booking a change page is about: test, patient, time and place. */
export function BookingChangeSummary({ booking }: { booking: ChangedBooking }) {
  const rows: [string, string][] = [
    ["Test", `${booking.testName ?? "Test no longer available"}${booking.units > 1 ? ` × ${booking.units}` : ""}`],
    ["Patient", booking.patientName],
    ["When", `${formatBookingDate(booking.scheduledDate)} at ${booking.scheduledTime}`],
  ];
  if (booking.labName) rows.push(["Where", `${booking.labName} · ${booking.collectionType === "home" ? "Home collection" : "Walk-in"}`]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="booking-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
