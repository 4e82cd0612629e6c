import { formatBookingDate } from "~/utils/dubai-date";

/** The booking a change page is about: test, patient, time and place. */
export function BookingChangeSummary({
  booking,
}: {
  booking: {
    testName: string | null;
    patientName: string;
    scheduledDate: string;
    scheduledTime: string;
    labName: string | null;
    collectionType: string | null;
    units: number;
  };
}) {
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
