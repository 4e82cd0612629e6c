import { useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/bookings";
import { Pagination } from "~/components/pagination";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { AdminBookingsTable } from "~/modules/booking/admin-bookings-table";
import { AdminBookingsFilters } from "~/modules/booking/admin-bookings-filters";
import { AdminBookingsQuerySchema, BOOKINGS_PAGE_SIZE, STATUS_CHANGE_REFUSALS, labChoices, listAllBookings, setBookingStatus } from "~/modules/booking/admin-bookings.server";
import { readQuery } from "~/utils/form-fields";
import { adminBookingStatuses } from "~/modules/lifecycle/booking-status";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Bookings | Admin | LabTest Hub" }];

const StatusChangeSchema = z.object({ id: z.uuid(), status: z.enum(adminBookingStatuses) });

const failed = (status: number, description: string) => formFailure(status, { toast: { title: "Error updating status", description } });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page, ...filters } = readQuery(request, AdminBookingsQuerySchema);
  const [{ bookings, total }, labs] = await Promise.all([listAllBookings(page, filters), labChoices()]);
  return { bookings, page, pages: Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE)), filters, labs };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = StatusChangeSchema.safeParse(await readForm(request));
  if (!parsed.success) return failed(400, "Unknown booking or status.");
  try {
    const outcome = await setBookingStatus(parsed.data.id, parsed.data.status, admin.id);
    if (outcome.status !== "changed") {
      const refusal = STATUS_CHANGE_REFUSALS[outcome.status];
      return failed(refusal.httpStatus, refusal.message);
    }
  } catch (error) {
    logger.error({ err: error }, "booking status change failed");
    return failed(500, "Please try again.");
  }
  return formSuccess({ title: "Status updated", description: `Booking status has been updated to ${parsed.data.status}` });
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { bookings, page, pages, filters, labs } = loaderData;
  const loading = useNavigation().state === "loading";
  const filterParams = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const filtered = Object.keys(filterParams).length > 0;
  const href = (n: number) => `?${new URLSearchParams({ ...filterParams, ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <div>
      <AdminHeader title="Bookings" subtitle="Manage and track all test bookings" />
      {loading ? (
        <p role="status" className="mt-4 text-sm text-muted-foreground">
          Loading...
        </p>
      ) : null}
      <AdminBookingsFilters filters={filters} labs={labs} filtered={filtered} />
      <AdminBookingsTable bookings={bookings} empty={filtered ? "No bookings match these filters." : undefined} />
      <Pagination page={page} pageCount={pages} hrefFor={href} />
    </div>
  );
}
