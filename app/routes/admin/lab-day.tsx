import { ArrowLeft, ChevronLeft, ChevronRight, ListChecks } from "~/components/ui/icons";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lab-day";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { collectionTypes, type CollectionType } from "~/modules/slots/collection-types";
import { getNow } from "~/modules/slots/clock.server";
import { nextDate, previousDate } from "~/modules/slots/lab-day";
import { labDay } from "~/modules/slots/lab-day.server";
import { HomeRoute, SlotBookings, SlotsTable, typeLabels } from "~/modules/admin/components/lab-day-view";
import { formatBookingDate, isCalendarDate, todayInDubai } from "~/utils/dubai-date";
import { readQuery } from "~/utils/form-fields";

export const meta: Route.MetaFunction = ({ data: day }) => [{ title: `Day view${day ? ` of ${day.lab.name}` : ""} | Admin | LabTest Hub` }];

const DayQuerySchema = z.object({
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
  /** Both kinds of visit together unless one is asked for (issue 31). */
  type: z.enum([...collectionTypes, "all"]).catch("all"),
});

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { date, type } = readQuery(request, DayQuerySchema);
  const labId = routeUuid(params.labId, "Lab not found");
  const day = date ?? todayInDubai(getNow());
  const types = type === "all" ? collectionTypes : [type];
  const views = await Promise.all(types.map((one) => labDay(labId, one, day)));
  const [first] = views;
  if (!first || views.some((view) => !view)) throw data("Lab not found", { status: 404 });
  const days = views.filter((view) => view !== null);
  const withoutSlot = days.flatMap((view) => view.withoutSlot).filter((booking, index, all) => all.findIndex((other) => other.id === booking.id) === index);
  const totals = { capacity: 0, booked: 0, held: 0, free: 0 };
  for (const view of days) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += view.totals[key];
  return { lab: first.lab, date: first.date, type, views: days.map(({ type: one, slots }) => ({ type: one, slots })), totals, withoutSlot };
}

export default function AdminLabDay({ loaderData }: Route.ComponentProps) {
  const { lab, date, type, views, totals, withoutSlot } = loaderData;
  const slotCount = views.reduce((sum, view) => sum + view.slots.length, 0);
  const homeView = views.find((view) => view.type === "home");
  const dayHref = (next: { date?: string; type?: CollectionType | "all" }) =>
    `?${new URLSearchParams({ date: next.date ?? date, type: next.type ?? type })}`;
  const bookingsHref = `/admin/bookings?${new URLSearchParams({ lab: lab.id, ...(type === "all" ? {} : { type }), date })}`;
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
      <AdminHeader title={`Day view of ${lab.name}`} subtitle={`${type === "all" ? "Walk-in and home collection" : typeLabels[type]} slots on ${formatBookingDate(date)} (Asia/Dubai)`} />

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
            <option value="all">All visits</option>
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
        {slotCount} slots · capacity {totals.capacity} · booked {totals.booked} · held {totals.held} · free {totals.free}
        {" · "}
        <Link to={bookingsHref} className="underline">
          These bookings in the bookings list
        </Link>
      </p>

      {views.map((view) => (
        <section key={view.type} aria-labelledby={`slots-${view.type}`} className="mt-6">
          <h2 id={`slots-${view.type}`} className="text-lg font-semibold">
            {typeLabels[view.type]}
          </h2>
          <SlotsTable type={view.type} slots={view.slots} />
        </section>
      ))}
      {homeView ? <HomeRoute slots={homeView.slots} areas={lab.homeCollectionAreas} /> : null}

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
