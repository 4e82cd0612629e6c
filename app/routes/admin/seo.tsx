import { Link } from "react-router";
import type { Route } from "./+types/seo";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { adminFormAction, adminLoader } from "~/modules/admin/admin-route.server";
import { GeneralSeoForm } from "~/modules/seo/components/general-seo-form";
import { KnownPagesList } from "~/modules/seo/components/known-pages-list";
import { PageSeoList } from "~/modules/seo/components/page-seo-list";
import { SeoViewSchema, seoTabs } from "~/modules/seo/schemas";
import { runSeoAction, seoAdminPage } from "~/modules/seo/seo-admin.server";
import { cn } from "~/utils/cn";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "SEO | Admin | LabTest Hub" }];

export const loader = adminLoader(SeoViewSchema, seoAdminPage);

export const action = adminFormAction(runSeoAction);
export const clientAction = toastOnArrival;

export default function AdminSeo({ loaderData: { view, settings, pageSeo, known, pageCount } }: Route.ComponentProps) {
  return (
    <div>
      <AdminHeader title="SEO Settings" subtitle="How the site appears in search engines and social media" />
      <nav aria-label="SEO sections" className="mt-6 flex gap-1 border-b">
        {seoTabs.map((tab) => (
          <Link
            key={tab.id}
            to={`?tab=${tab.id}`}
            aria-current={view.tab === tab.id ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              view.tab === tab.id ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        {view.tab === "general" ? <GeneralSeoForm settings={settings} /> : null}
        {view.tab === "page-seo" ? <PageSeoList entries={pageSeo} /> : null}
        {view.tab === "pages" ? <KnownPagesList known={known} filter={view.filter} page={view.page} pageCount={pageCount} /> : null}
      </div>
    </div>
  );
}
