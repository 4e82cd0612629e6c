import { Sparkles } from "~/components/ui/icons";
import { Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { IntentButton } from "~/modules/admin/components/intent-button";
import { type PageFilter, pageFilters } from "~/modules/seo/schemas";
import { cn } from "~/utils/cn";

type KnownPage = { path: string; type: string; name: string; seoTitle: string | null; seoDescription: string | null; ogImage: string | null };

const filterLabels = { all: "All", missing: "Missing", present: "Has SEO" } as const;

/** The Pages (Auto) tab: every page the site lists, with its SEO status, filters and the writer's buttons. */
export function KnownPagesList({
  known,
  filter: current,
  page: currentPage,
  pageCount,
}: {
  known: { pages: KnownPage[]; total: number };
  filter: PageFilter;
  page: number;
  pageCount: number;
}) {
  const href = (params: Partial<{ filter: string; page: number }>) =>
    `?${new URLSearchParams({ tab: "pages", filter: params.filter ?? current, page: String(params.page ?? 1) })}`;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="SEO status filter" className="flex gap-2">
          {pageFilters.map((filter) => (
            <Button key={filter} asChild size="sm" variant={current === filter ? "default" : "outline"}>
              <Link to={href({ filter })} aria-current={current === filter ? "page" : undefined}>
                {filterLabels[filter]}
              </Link>
            </Button>
          ))}
        </nav>
        <div className="flex gap-2">
          <IntentButton intent="generate-missing">Generate for missing</IntentButton>
          <IntentButton intent="ping" variant="outline">
            Ping search engines
          </IntentButton>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{known.total} pages</p>
      <AdminTable
        className=""
        rows={known.pages}
        rowKey={(page) => page.path}
        columns={[
          { header: "Path", cell: (page) => page.path, className: "font-mono text-xs" },
          { header: "Type", cell: (page) => page.type, className: "capitalize" },
          { header: "Title", cell: (page) => page.seoTitle ?? page.name },
          {
            header: "SEO Status",
            cell: (page) => (
              <span className={cn("font-medium", page.seoTitle ? "text-success" : "text-warning")}>{page.seoTitle ? "Present" : "Missing"}</span>
            ),
          },
          { header: "Title length", cell: (page) => page.seoTitle?.length ?? 0 },
          { header: "Description length", cell: (page) => page.seoDescription?.length ?? 0 },
          { header: "OG image", cell: (page) => (page.ogImage ? "Custom" : "–") },
        ]}
        actions={(page) => (
          <IntentButton intent="optimize" fields={{ path: page.path }} size="sm" variant="ghost" label={`AI Optimize ${page.path}`}>
            <Sparkles aria-hidden /> AI Optimize
          </IntentButton>
        )}
      />
      <Pagination page={currentPage} pageCount={pageCount} hrefFor={(page) => href({ page })} />
    </div>
  );
}
