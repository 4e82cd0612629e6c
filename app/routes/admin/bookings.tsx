import { MoreHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { data, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/bookings";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionResult, type ActionResult } from "~/modules/admin/action-result";
import { adminBookingStatuses, BOOKINGS_PAGE_SIZE, listAllBookings, setBookingStatus } from "~/modules/admin/bookings.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearchSchema } from "~/modules/admin/schemas";
import { requireAdmin } from "~/utils/auth.server";
import { cn } from "~/utils/cn";
import { logger } from "~/utils/logger.server";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Bookings | Admin | LabTest Hub" }];

const StatusChangeSchema = z.object({ id: z.uuid(), status: z.enum(adminBookingStatuses) });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page } = AdminSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { bookings, total } = await listAllBookings(page);
  return { bookings, page, pages: Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE)) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = StatusChangeSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, toast: { title: "Error updating status", description: "Unknown booking or status." } }, { status: 400 });
  }
  try {
    const booking = await setBookingStatus(parsed.data.id, parsed.data.status);
    if (!booking) {
      return data<ActionResult>({ ok: false, toast: { title: "Error updating status", description: "This booking no longer exists." } }, { status: 404 });
    }
  } catch (error) {
    logger.error({ err: error }, "booking status change failed");
    return data<ActionResult>({ ok: false, toast: { title: "Error updating status", description: "Please try again." } }, { status: 500 });
  }
  return data<ActionResult>({
    ok: true,
    toast: { title: "Status updated", description: `Booking status has been updated to ${parsed.data.status}` },
  });
}

const statusColour: Record<string, string> = {
  confirmed: "text-success",
  completed: "text-blue-700",
  cancelled: "text-destructive",
};

const menuItems = [
  { status: "confirmed", label: "Mark as Confirmed" },
  { status: "completed", label: "Mark as Completed" },
  { status: "cancelled", label: "Cancel Booking" },
] as const;

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function StatusMenu({ id, patientName }: { id: string; patientName: string }) {
  const fetcher = useFetcher();
  useActionResult(fetcher);
  const change = (status: string) => fetcher.submit({ id, status }, { method: "post" });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Change status of ${patientName}'s booking`} disabled={fetcher.state !== "idle"}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" className="z-50 min-w-44 rounded-md border bg-background p-1 shadow-md">
          {menuItems.map((item) => (
            <DropdownMenu.Item
              key={item.status}
              onSelect={() => change(item.status)}
              className="cursor-pointer rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-accent"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
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
      <Table className="mt-6">
        <TableHeader>
          <TableRow>
            <TableHead>Patient</TableHead>
            <TableHead>Test</TableHead>
            <TableHead>Date &amp; Time</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-end">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bookings.map((booking) => (
            <TableRow key={booking.id}>
              <TableCell>
                <div className="font-medium">{booking.patientName}</div>
                <div className="text-muted-foreground">{booking.patientEmail}</div>
                {booking.patientPhone ? <div className="text-muted-foreground">{booking.patientPhone}</div> : null}
              </TableCell>
              <TableCell>
                <div>{booking.testName ?? "Deleted test"}</div>
                {booking.testPriceFils !== null ? (
                  <div className="text-muted-foreground">{formatAed(booking.testPriceFils)}</div>
                ) : null}
                {booking.labName ? <div className="text-muted-foreground">{booking.labName}</div> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div>{longDate.format(new Date(`${booking.scheduledDate}T00:00:00Z`))}</div>
                <div className="text-muted-foreground">{booking.scheduledTime}</div>
              </TableCell>
              <TableCell>
                <span className={cn("font-medium capitalize", statusColour[booking.status] ?? "text-warning")}>{booking.status}</span>
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
      {bookings.length === 0 ? <p className="p-6 text-center text-sm text-muted-foreground">No bookings yet.</p> : null}
      <Pagination page={page} pageCount={pages} hrefFor={(n) => `?page=${n}`} />
    </div>
  );
}
