import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import type { Route } from "./+types/dashboard";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getProfile } from "~/modules/accounts/profile.server";
import { formatBookingDate } from "~/utils/dubai-date";
import { cancelOrder } from "~/modules/orders/cancel-order.server";
import { bookingsForUser, ordersForUser } from "~/modules/orders/order-history.server";
import { OrderHistoryTable } from "~/modules/orders/order-history-table";
import { StatusBadge } from "~/modules/orders/order-status-badge";
import { resumeOrder } from "~/modules/orders/resume-order.server";
import { requireUser } from "~/utils/auth.server";
import { formatAed } from "~/utils/money";
import { readForm } from "~/utils/request-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: "My Dashboard | LabTest Hub" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [profile, orders, bookings] = await Promise.all([
    getProfile(user.id),
    ordersForUser(user.id),
    bookingsForUser(user.id),
  ]);
  return { email: user.email, emailVerified: user.emailVerified, profile, orders, bookings };
}

const OrderActionSchema = z.object({ intent: z.enum(["resume", "cancel"]), orderId: z.uuid() });

type ActionToast = { title: string; description?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = OrderActionSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return data<{ toast: ActionToast }>({ toast: { title: "Error loading order" } }, { status: 400 });
  }
  const { intent, orderId } = parsed.data;

  if (intent === "cancel") {
    const outcome = await cancelOrder(user.id, orderId);
    if (outcome === "cancelled") throw await redirectWithToast("/dashboard", { type: "success", title: "Order cancelled" });
    return data<{ toast: ActionToast }>(
      { toast: { title: "Error cancelling order" } },
      { status: outcome === "not-found" ? 404 : 409 },
    );
  }

  const outcome = await resumeOrder(user.id, orderId);
  switch (outcome) {
    case "loaded":
      throw await redirectWithToast("/cart", { type: "success", title: "Order loaded to cart" });
    case "expired":
      return data<{ toast: ActionToast }>({
        toast: { title: "Order expired", description: "This order has expired as the booking date has passed" },
      });
    case "no-items":
      return data<{ toast: ActionToast }>(
        { toast: { title: "Failed to load order to cart", description: "Order items not found" } },
        { status: 409 },
      );
    default:
      return data<{ toast: ActionToast }>(
        { toast: { title: "Error loading order" } },
        { status: outcome === "not-found" ? 404 : 409 },
      );
  }
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, email, emailVerified, orders, bookings } = loaderData;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");

  useEffect(() => {
    if (actionData?.toast) toast.error(actionData.toast.title, { description: actionData.toast.description });
  }, [actionData]);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">My Dashboard</h1>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="secondary">
              Logout
            </Button>
          </Form>
        </div>
      </div>
      {!emailVerified ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/5 p-3 text-sm">
          Please confirm your e-mail address: we sent a link to {email}.
        </p>
      ) : null}
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Profile</CardTitle>
          <Button asChild variant="outline" size="sm">
            <Link to="/profile">Edit Profile</Link>
          </Button>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <p>
            <span className="text-muted-foreground">Name: </span>
            {name || "Not set"}
          </p>
          <p>
            <span className="text-muted-foreground">Email: </span>
            {email}
          </p>
          <p>
            <span className="text-muted-foreground">Phone: </span>
            {profile?.phone || "Not set"}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Order History</CardTitle>
        </CardHeader>
        <CardContent>
          <OrderHistoryTable orders={orders} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>My Bookings</CardTitle>
        </CardHeader>
        <CardContent>
          {bookings.length === 0 ? (
            <p className="text-muted-foreground">You have no bookings yet.</p>
          ) : (
            <ul className="divide-y" aria-label="My bookings">
              {bookings.map((booking) => (
                <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="booking-row">
                  <div>
                    <p className="font-medium">{booking.testName ?? "Test no longer available"}</p>
                    <p className="text-sm text-muted-foreground">
                      {booking.patientName} · {formatBookingDate(booking.scheduledDate)} at {booking.scheduledTime}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    {booking.testPriceFils !== null ? (
                      <span className="text-sm tabular-nums">{formatAed(booking.testPriceFils)}</span>
                    ) : null}
                    <StatusBadge status={booking.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
