import {
  CalendarCheck,
  FileText,
  FlaskConical,
  FolderTree,
  Globe,
  Hospital,
  LayoutDashboard,
  ListChecks,
  Mail,
  Search,
  Users,
  Webhook,
} from "~/components/ui/icons";
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/modules/accounts/guards.server";
import { AdminNav, type AdminNavLink } from "~/modules/admin/components/admin-nav";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}

const links: AdminNavLink[] = [
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
  { to: "/admin/results", label: "Results", icon: FileText },
  { to: "/admin/invoices", label: "Invoices", icon: FileText },
  { to: "/admin/business", label: "Business settings", icon: Hospital },
  { to: "/admin/jobs", label: "Jobs", icon: ListChecks },
];

/**
 * The back office's frame: the sidebar from 768 px, a menu button below (AdminNav). The content
 * column may shrink to the screen (min-w-0): a wide table scrolls inside its own box, never the page.
 * On a wide screen the frame is wider than the storefront's (1440 px) so the tables fit a laptop.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-[90rem] flex-col gap-4 px-3 py-4 sm:px-4 md:flex-row md:gap-6 md:py-8">
      <aside className="md:w-52 md:shrink-0">
        <AdminNav links={links} email={loaderData.email} />
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
