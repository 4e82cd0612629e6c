import { ArrowLeft, ChevronLeft, ChevronRight, ListChecks } from "~/components/ui/icons";
import { statusLabel } from "~/modules/lifecycle/status-badge";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lab-day";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { collectionTypes, defaultCollectionType, type CollectionType } from "~/modules/slots/collection-types";
import { getNow } from "~/modules/slots/clock.server";
import { nextDate, previousDate } from "~/modules/slots/lab-day";
import { labDay, type DayViewBooking } from "~/modules/slots/lab-day.server";
import { cn } from "~/utils/cn";
import { formatBookingDate, isCalendarDate, todayInDubai } from "~/utils/dubai-date";
import { readQuery } from "~/utils/form-fields";

export const meta: Route.MetaFunction = ({ data: day }) => [{ title: `Day view${day ? ` of ${day.lab.name}` : ""} | Admin | LabTest Hub` }];

const DayQuerySchema = z.object({
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
  type: z.enum(collectionTypes).catch(defaultCollectionType),
});

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { date, type } = readQuery(request, DayQuerySchema);
  const day = await labDay(routeUuid(params.labId, "Lab not found"), type, date ?? todayInDubai(getNow()));
  if (!day) throw data("Lab not found", { status: 404 });
  return day;
}

const typeLabels: Record<CollectionType, string> = { walk_in: "Walk-in", home: "Home collection" };

const statusColour: Partial<Record<string, string>> = {
  confirmed: "text-success",
  completed: "text-blue-700",
  cancelled: "text-destructive line-through",
};

function SlotBookings({ bookings }: { bookings: DayViewBooking[] }) {
  if (bookings.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-1">
      {bookings.map((booking) => (
        <li key={booking.id}>
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
        </li>
      ))}
    </ul>
  );
}

export default function AdminLabDay({ loaderData }: Route.ComponentProps) {
  const { lab, date, type, slots, totals, withoutSlot } = loaderData;
  const dayHref = (next: { date?: string; type?: CollectionType }) =>
    `?${new URLSearchParams({ date: next.date ?? date, type: next.type ?? type })}`;
  const bookingsHref = `/admin/bookings?${new URLSearchParams({ lab: lab.id, type, date })}`;
  return (
    <div>
      <nav aria-label="Breadcrumb" className="mb-4 flex flex-wrap gap-4 text-sm">
        <Link to="/admin/labs" className="inline-flex items-center gap-1 hover:underline">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> Partner Labs
        </Link>
        <Link to={`/admin/labs/${lab.id}/offers`} className="inline-flex items-center gap-1 hover:underline">
          <ListChecks className="size-4" aria-hidden /> Offers
        </Link>
      </nav>
      <AdminHeader title={`Day view of ${lab.name}`} subtitle={`${typeLabels[type]} slots on ${formatBookingDate(date)} (Asia/Dubai)`} />

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="day-date" className="text-sm font-medium">
            Date
          </label>
          <Input id="day-date" name="date" type="date" defaultValue={date} fullWidth={false} className="w-44" />
        </div>
        <div className="grid gap-1">
          <label htmlFor="day-type" className="text-sm font-medium">
            Collection
          </label>
          <select id="day-type" name="type" defaultValue={type} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
            {collectionTypes.map((value) => (
              <option key={value} value={value}>
                {typeLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
        <div className="flex gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to={dayHref({ date: previousDate(date) })} aria-label="Previous day">
              <ChevronLeft className="rtl:rotate-180" aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="icon">
            <Link to={dayHref({ date: nextDate(date) })} aria-label="Next day">
              <ChevronRight className="rtl:rotate-180" aria-hidden />
            </Link>
          </Button>
        </div>
      </Form>

      <p className="mt-4 text-sm" role="status">
        {slots.length} slots · capacity {totals.capacity} · booked {totals.booked} · held {totals.held} · free {totals.free}
        {" · "}
        <Link to={bookingsHref} className="underline">
          These bookings in the bookings list
        </Link>
      </p>

      <Table className="mt-4" scrollLabel="Slots of the day">
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

      {withoutSlot.length > 0 ? (
        <section aria-labelledby="without-slot" className="mt-8">
          <h2 id="without-slot" className="text-lg font-semibold">
            Bookings this day without a slot
          </h2>
          <div className="mt-2 text-sm">
            <SlotBookings bookings={withoutSlot} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
