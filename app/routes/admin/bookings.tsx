import { useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/bookings";
import { Pagination } from "~/components/pagination";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { AdminBookingsTable } from "~/modules/booking/admin-bookings-table";
import { BOOKINGS_PAGE_SIZE, listAllBookings, setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { adminBookingStatuses } from "~/modules/booking/booking-status";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Bookings | Admin | LabTest Hub" }];

const StatusChangeSchema = z.object({ id: z.uuid(), status: z.enum(adminBookingStatuses) });

const failed = (status: number, description: string) => formFailure(status, { toast: { title: "Error updating status", description } });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page } = AdminSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { bookings, total } = await listAllBookings(page);
  return { bookings, page, pages: Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE)) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = StatusChangeSchema.safeParse(await readForm(request));
  if (!parsed.success) return failed(400, "Unknown booking or status.");
  try {
    const booking = await setBookingStatus(parsed.data.id, parsed.data.status, admin.id);
    if (!booking) return failed(404, "This booking no longer exists.");
  } catch (error) {
    logger.error({ err: error }, "booking status change failed");
    return failed(500, "Please try again.");
  }
  return formSuccess({ title: "Status updated", description: `Booking status has been updated to ${parsed.data.status}` });
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { bookings, page, pages } = loaderData;
  const loading = useNavigation().state === "loading";
  return (
    <div>
      <AdminHeader title="Bookings" subtitle="Manage and track all test bookings" />
      {loading ? (
        <p role="status" className="mt-4 text-sm text-muted-foreground">
          Loading...
        </p>
      ) : null}
      <AdminBookingsTable bookings={bookings} />
      <Pagination page={page} pageCount={pages} hrefFor={(n) => `?page=${n}`} />
    </div>
  );
}
