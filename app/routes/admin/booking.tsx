import { data } from "react-router";
import type { Route } from "./+types/booking";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { routeUuid } from "~/modules/admin/admin-route.server";
import { AdminBookingView } from "~/modules/booking/admin-booking-view";
import { runBookingPageAction } from "~/modules/booking/booking-timeline-action.server";
import { bookingForAdmin } from "~/modules/booking/booking-timeline.server";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page ? `Booking of ${page.booking.patientName}` : "Booking"} | Admin | LabTest Hub` },
];

async function findBooking(id: string) {
  const page = await bookingForAdmin(routeUuid(id, "Booking not found"));
  if (!page) throw data("Booking not found", { status: 404 });
  return page;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await findBooking(params.bookingId);
  // A fresh token per page load: a double-click on Resend or Redeliver queues once.
  return { ...page, token: crypto.randomUUID() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const { booking } = await findBooking(params.bookingId);
  return runBookingPageAction(booking.id, await readForm(request), admin);
}

export default function AdminBooking({ loaderData }: Route.ComponentProps) {
  return <AdminBookingView {...loaderData} />;
}
