import {
  CalendarCheck,
  FileText,
  FlaskConical,
  FolderTree,
  Globe,
  Hospital,
  ListChecks,
  LayoutDashboard,
  LogOut,
  Mail,
  Search,
  Users,
  Webhook,
} from "~/components/ui/icons";
import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { cn } from "~/utils/cn";
import { CsrfField } from "~/components/csrf-field";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}

const links = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/tests", label: "Tests", icon: FlaskConical },
  { to: "/admin/labs", label: "Labs", icon: Hospital },
  { to: "/admin/categories", label: "Categories", icon: FolderTree },
  { to: "/admin/search", label: "Search", icon: Search },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/bookings", label: "Bookings", icon: CalendarCheck },
  { to: "/admin/blog-posts", label: "Blog Posts", icon: FileText },
  { to: "/admin/seo", label: "SEO", icon: Globe },
  { to: "/admin/webhooks", label: "Webhooks", icon: Webhook },
  { to: "/admin/outbox", label: "Outbox", icon: Mail },
  { to: "/admin/jobs", label: "Jobs", icon: ListChecks },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      <aside className="md:w-56 md:shrink-0">
        <nav aria-label="Admin" className="rounded-lg border p-2">
          <p className="px-3 py-2 text-xs text-muted-foreground">Signed in as {loaderData.email}</p>
          <ul className="grid gap-1">
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent",
                      isActive && "bg-accent font-semibold text-accent-foreground",
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden /> {label}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/auth/sign-out?to=auth">
                <CsrfField />
                <button
                  type="submit"
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent"
                >
                  <LogOut className="size-4" aria-hidden /> Sign out
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
