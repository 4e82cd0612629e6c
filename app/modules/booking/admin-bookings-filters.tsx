import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { statusLabel } from "~/modules/lifecycle/status-badge";
import { bookingStatuses } from "~/modules/lifecycle/booking-status";

type Filters = { lab?: string; type?: string; date?: string; overdue?: string; status?: string; from?: string; to?: string; q?: string };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const select = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm";

/**
 * The admin bookings list's filters (a GET form, so every filtered list has its own address):
 * patient search, status, lab, collection, a range of days and the overdue flag. A single day
 * (?date=, the lab day view's link) shows as a range of that one day.
 */
export function AdminBookingsFilters({ filters, labs, filtered }: { filters: Filters; labs: { id: string; name: string }[]; filtered: boolean }) {
  return (
    <Form method="get" role="search" aria-label="Filter bookings" className="mt-6 grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid gap-1 sm:col-span-2">
        <label htmlFor="bookings-q" className="text-sm font-medium">
          Patient
        </label>
        <Input id="bookings-q" name="q" type="search" placeholder="Name, e-mail or phone" defaultValue={filters.q ?? ""} maxLength={100} />
      </div>
      <div className="grid gap-1">
        <label htmlFor="bookings-status" className="text-sm font-medium">
          Status
        </label>
        <select id="bookings-status" name="status" defaultValue={filters.status ?? ""} className={select}>
          <option value="">All statuses</option>
          {bookingStatuses.map((status) => (
            <option key={status} value={status}>
              {capitalized(statusLabel(status))}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor="bookings-lab" className="text-sm font-medium">
          Lab
        </label>
        <select id="bookings-lab" name="lab" defaultValue={filters.lab ?? ""} className={select}>
          <option value="">All labs</option>
          {labs.map((lab) => (
            <option key={lab.id} value={lab.id}>
              {lab.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor="bookings-type" className="text-sm font-medium">
          Collection
        </label>
        <select id="bookings-type" name="type" defaultValue={filters.type ?? ""} className={select}>
          <option value="">All</option>
          <option value="walk_in">Walk-in</option>
          <option value="home">Home collection</option>
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor="bookings-from" className="text-sm font-medium">
          From
        </label>
        <Input id="bookings-from" name="from" type="date" defaultValue={filters.from ?? filters.date ?? ""} />
      </div>
      <div className="grid gap-1">
        <label htmlFor="bookings-to" className="text-sm font-medium">
          To
        </label>
        <Input id="bookings-to" name="to" type="date" defaultValue={filters.to ?? filters.date ?? ""} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex h-10 items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue === "1"} className="size-4 accent-primary" />
          Overdue
        </label>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {filtered ? (
          <Button asChild variant="ghost">
            <Link to="/admin/bookings">Clear Filters</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
