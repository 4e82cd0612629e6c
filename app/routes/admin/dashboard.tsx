import { FlaskConical, FolderTree, Hospital, Users } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { dashboardCounts } from "~/modules/admin/dashboard-counts.server";
import { requireAdmin } from "~/utils/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | LabTest Hub" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return dashboardCounts();
}

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
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium">{label}</CardTitle>
              <Icon className="size-4 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold">{value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
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
    </div>
  );
}
