import { Link } from "react-router";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { statusLabel } from "~/modules/lifecycle/status-badge";
import type { CollectionType } from "~/modules/slots/collection-types";
import { homeVisitsInRouteOrder } from "~/modules/slots/lab-day";
import type { DayViewBooking, DayViewSlot } from "~/modules/slots/lab-day.server";
import { cn } from "~/utils/cn";

export const typeLabels: Record<CollectionType, string> = { walk_in: "Walk-in", home: "Home collection" };

const statusColour: Partial<Record<string, string>> = {
  confirmed: "text-success",
  completed: "text-blue-700",
  cancelled: "text-destructive line-through",
};

function BookingLine({ booking }: { booking: DayViewBooking }) {
  return (
    <>
      <span className="font-medium">{booking.patientName}</span>
      {" · "}
      {booking.testSlug ? (
        <Link to={`/product/${booking.testSlug}`} className="hover:underline">
          {booking.testName}
        </Link>
      ) : (
        "Deleted test"
      )}
      {booking.units > 1 ? ` × ${booking.units}` : ""}
      {booking.homeArea ? <span className="text-muted-foreground"> · {booking.homeArea}</span> : null}
      {" · "}
      <span className={cn("capitalize", statusColour[booking.status] ?? "text-warning")}>{statusLabel(booking.status)}</span>
    </>
  );
}

export function SlotBookings({ bookings }: { bookings: DayViewBooking[] }) {
  if (bookings.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-1">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <BookingLine booking={booking} />
        </li>
      ))}
    </ul>
  );
}

/** One collection type's slots of the day: counts and the bookings in each. */
export function SlotsTable({ type, slots, caption }: { type: CollectionType; slots: DayViewSlot[]; caption?: string }) {
  return (
    <>
      <Table className="mt-4" scrollLabel={caption ?? `${typeLabels[type]} slots of the day`} data-collection={type}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <TableHeader>
          <TableRow>
            <TableHead>Time</TableHead>
            <TableHead>Capacity</TableHead>
            <TableHead>Booked</TableHead>
            <TableHead>Held</TableHead>
            <TableHead>Free</TableHead>
            <TableHead>Bookings</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {slots.map((slot) => (
            <TableRow key={slot.time} data-slot={slot.time}>
              <TableCell className="whitespace-nowrap font-medium">
                {slot.time}
                {slot.offSchedule ? <div className="text-xs font-normal text-muted-foreground">outside current hours</div> : null}
              </TableCell>
              <TableCell>{slot.capacity}</TableCell>
              <TableCell>{slot.booked}</TableCell>
              <TableCell>{slot.held}</TableCell>
              <TableCell className={cn(slot.free === 0 && "font-semibold text-destructive")}>{slot.free === 0 ? "Full" : slot.free}</TableCell>
              <TableCell>
                <SlotBookings bookings={slot.bookings} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {slots.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">
          No {typeLabels[type].toLowerCase()} slots on this day: the lab is closed, has no published hours, or a capacity of 0.
        </p>
      ) : null}
    </>
  );
}

/** The day's home visits by area, in the order of the lab's area list (its route), each area by time. */
export function HomeRoute({ slots, areas }: { slots: DayViewSlot[]; areas: readonly string[] }) {
  const route = homeVisitsInRouteOrder(slots, areas);
  return (
    <section aria-labelledby="home-route" className="mt-8">
      <h2 id="home-route" className="text-lg font-semibold">
        Home visits in route order
      </h2>
      {route.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No home visits on this day.</p>
      ) : (
        <ol className="mt-2 grid gap-3">
          {route.map(({ area, visits }) => (
            <li key={area} className="rounded-lg border p-3" data-area={area}>
              <h3 className="font-medium">
                {area} <span className="text-sm font-normal text-muted-foreground">({visits.length === 1 ? "1 visit" : `${visits.length} visits`})</span>
              </h3>
              <ul className="mt-2 grid gap-2 text-sm">
                {visits.map(({ time, booking }) => (
                  <li key={booking.id} className="flex min-h-11 flex-wrap items-baseline gap-x-2">
                    <span className="font-mono font-medium">{time}</span>
                    <span className="min-w-0">
                      <BookingLine booking={booking} />
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
