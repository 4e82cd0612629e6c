import { MoreHorizontal } from "~/components/ui/icons";
import { statusLabel } from "~/modules/lifecycle/status-badge";
import { DropdownMenu } from "radix-ui";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/utils/cn";
import { useFormResult, type FormResult } from "~/utils/form-result";
import { formatAed } from "~/utils/money";
import { adminBookingStatuses, type AdminBookingStatus, type BookingStatus } from "~/modules/lifecycle/booking-status";
import { CSRF_FIELD, useCsrfToken } from "~/components/csrf-field";

/** Spec: confirmed green, completed blue, cancelled red, others (pending) yellow. */
const statusColour: Partial<Record<string, string>> = {
  confirmed: "text-success",
  completed: "text-blue-700",
  cancelled: "text-destructive",
};

const menuLabels: Record<AdminBookingStatus, string> = {
  confirmed: "Mark as Confirmed",
  completed: "Mark as Completed",
  cancelled: "Cancel Booking",
};

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

type AdminBookingRow = {
  id: string;
  status: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string | null;
  testName: string | null;
  testPriceFils: number | null;
  labName: string | null;
  collectionType: "walk_in" | "home" | null;
  homeArea: string | null;
  /** The lab's price when booked (null for bookings made before labs had their own prices). */
  bookedPriceFils: number | null;
  scheduledDate: string;
  scheduledTime: string;
  /** Still pending or confirmed more than an hour after its time (flagged, never changed automatically). */
  overdue: boolean;
};

function StatusMenu({ id, patientName }: { id: string; patientName: string }) {
  const fetcher = useFetcher<FormResult>();
  useFormResult(fetcher.data);
  const csrf = useCsrfToken() ?? "";
  const change = (status: AdminBookingStatus) => fetcher.submit({ id, status, [CSRF_FIELD]: csrf }, { method: "post" });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Change status of ${patientName}'s booking`} disabled={fetcher.state !== "idle"}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" className="z-50 min-w-44 rounded-md border bg-background p-1 shadow-md">
          {adminBookingStatuses.map((status) => (
            <DropdownMenu.Item
              key={status}
              onSelect={() => change(status)}
              className="cursor-pointer rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-accent"
            >
              {menuLabels[status]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The admin's bookings table: patient (a link to the booking's page), test, lab, collection, date
 * and time, coloured status with the Overdue flag, and the status menu.
 */
export function AdminBookingsTable({ bookings, empty = "No bookings yet." }: { bookings: AdminBookingRow[]; empty?: string }) {
  return (
    <>
      <Table className="mt-6" scrollLabel="Bookings">
        <TableHeader>
          <TableRow>
            <TableHead>Patient</TableHead>
            <TableHead>Test</TableHead>
            <TableHead>Lab</TableHead>
            <TableHead>Collection</TableHead>
            <TableHead>Date &amp; Time</TableHead>
            <TableHead>Status</TableHead>
            <TableHead alignEnd>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bookings.map((booking) => (
            <TableRow key={booking.id}>
              <TableCell>
                <Link to={`/admin/bookings/${booking.id}`} className="font-medium underline decoration-muted-foreground/40 underline-offset-4 hover:decoration-current">
                  {booking.patientName}
                  <span className="sr-only">: open booking</span>
                </Link>
                <div className="text-muted-foreground">{booking.patientEmail}</div>
                {booking.patientPhone ? <div className="text-muted-foreground">{booking.patientPhone}</div> : null}
              </TableCell>
              <TableCell>
                <div>{booking.testName ?? "Deleted test"}</div>
                {(booking.bookedPriceFils ?? booking.testPriceFils) !== null ? (
                  <div className="text-muted-foreground">{formatAed((booking.bookedPriceFils ?? booking.testPriceFils)!)}</div>
                ) : null}
              </TableCell>
              <TableCell>{booking.labName ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell className="whitespace-nowrap">
                <div>{booking.collectionType === "home" ? "Home collection" : "Walk-in"}</div>
                {booking.homeArea ? <div className="text-muted-foreground">{booking.homeArea}</div> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div>{longDate.format(new Date(`${booking.scheduledDate}T00:00:00Z`))}</div>
                <div className="text-muted-foreground">{booking.scheduledTime}</div>
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-2">
                  <span className={cn("font-medium capitalize", statusColour[booking.status] ?? "text-warning")}>{statusLabel(booking.status as BookingStatus)}</span>
                  {booking.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
                </div>
              </TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <StatusMenu id={booking.id} patientName={booking.patientName} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {bookings.length === 0 ? <p className="p-6 text-center text-sm text-muted-foreground">{empty}</p> : null}
    </>
  );
}
