import { AlarmClock, FlaskConical, FolderTree, Hospital, Users } from "~/components/ui/icons";
import { Link } from "react-router";
import { refundReasonLabel } from "~/modules/lifecycle/payment-status";
import type { Route } from "./+types/dashboard";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { dashboardCounts } from "~/modules/admin/dashboard-counts.server";
import { countOverdueBookings } from "~/modules/booking/admin-bookings.server";
import { recentRefunds } from "~/modules/payments/recent-refunds.server";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { formatAed } from "~/utils/money";
import { AnalyticsPanel } from "~/modules/analytics/analytics-panel";
import { periodAnalytics } from "~/modules/analytics/dashboard-analytics.server";
import { resolvePeriod } from "~/modules/analytics/days";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | LabTest Hub" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = resolvePeriod(new URL(request.url).searchParams);
  const [counts, overdueBookings, refunds, analytics] = await Promise.all([
    dashboardCounts(),
    countOverdueBookings(),
    recentRefunds(),
    periodAnalytics(period),
  ]);
  return { ...counts, overdueBookings, refunds, analytics };
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const cards = [
    { label: "Tests", value: loaderData.tests, icon: FlaskConical },
    { label: "Partner Labs", value: loaderData.labs, icon: Hospital },
    { label: "Categories", value: loaderData.categories, icon: FolderTree },
    { label: "Users", value: loaderData.users, icon: Users },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label}>
            <div className="flex flex-row items-center justify-between gap-1.5 p-6 pb-2">
              <h2 className="text-sm font-medium">{label}</h2>
              <Icon className="size-4 text-muted-foreground" aria-hidden />
            </div>
            <CardContent>
              <p className="text-3xl font-bold">{value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card className={loaderData.overdueBookings > 0 ? "mt-6 border-destructive/50" : "mt-6"}>
        <div className="flex flex-row items-center justify-between gap-1.5 p-6 pb-2">
          <h2 className="text-sm font-medium">Overdue bookings</h2>
          <AlarmClock className="size-4 text-muted-foreground" aria-hidden />
        </div>
        <CardContent className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-3xl font-bold" data-testid="overdue-bookings">
            {loaderData.overdueBookings}
          </p>
          <p className="text-sm text-muted-foreground">Still pending or confirmed more than an hour after their time.</p>
          {loaderData.overdueBookings > 0 ? (
            <Link to="/admin/bookings?overdue=1" className="text-sm font-medium underline underline-offset-4">
              Review overdue bookings
            </Link>
          ) : null}
        </CardContent>
      </Card>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Recent Activity</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">No recent activity to display.</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">
              Use the sidebar to manage tests, labs, categories, users, bookings, blog posts, SEO and webhooks.
            </p>
          </CardContent>
        </Card>
      </div>
      <AnalyticsPanel analytics={loaderData.analytics} />
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Refunds</CardTitle>
        </CardHeader>
        <CardContent>
          {loaderData.refunds.length === 0 ? (
            <p className="text-sm text-muted-foreground">No refunds.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Order</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead>Reason</TableHead>
                  <TableHead alignEnd>Amount</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {loaderData.refunds.map((refund) => (
                  <TableRow key={refund.id}>
                    <TableCell className="whitespace-nowrap">{dateTime.format(new Date(refund.createdAt))}</TableCell>
                    <TableCell className="font-mono">{refund.orderId.slice(0, 8)}</TableCell>
                    <TableCell>{refund.customerEmail}</TableCell>
                    <TableCell>{refundReasonLabel(refund.reason)}</TableCell>
                    <TableCell className="text-end whitespace-nowrap">{formatAed(refund.amountFils)}</TableCell>
                    <TableCell>
                      <span className={refund.status === "failed" ? "font-medium text-destructive" : "capitalize"}>
                        {refund.status === "failed" ? `Failed: ${refund.lastError ?? "unknown error"}` : refund.status}
                      </span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
