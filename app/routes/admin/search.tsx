import { Link } from "react-router";
import type { Route } from "./+types/search";
import { Pagination } from "~/components/pagination";
import { adminLoader } from "~/modules/admin/admin-route.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminSearch } from "~/modules/admin/components/admin-search";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { ConfirmDeleteDialog } from "~/modules/admin/components/confirm-delete-dialog";
import { crudAction } from "~/modules/admin/crud-action.server";
import { SearchStatsTables } from "~/modules/catalog/components/search-stats-tables";
import { SearchTermFormDialog } from "~/modules/catalog/components/search-term-form-dialog";
import { adminSearchPage, searchTermCrud } from "~/modules/catalog/manage-search-terms.server";
import { STATS_DAYS } from "~/modules/catalog/search-stats.server";
import { AdminSearchTermsQuerySchema } from "~/modules/catalog/search-term-form-schema";
import { ImportExportControls } from "~/modules/import-export/components/import-export-controls";
import { toastOnArrival } from "~/utils/form-result";

export const meta: Route.MetaFunction = () => [{ title: "Search | Admin | LabTest Hub" }];

export const loader = adminLoader(AdminSearchTermsQuerySchema, async (query) => ({ ...(await adminSearchPage(query)), statsDays: STATS_DAYS }));

export const action = crudAction(searchTermCrud);
export const clientAction = toastOnArrival;

const LANGUAGE_NAMES = { en: "English", ar: "Arabic" } as const;

export default function AdminSearchPage({ loaderData }: Route.ComponentProps) {
  const { terms, categories, q, language, page, pageCount, total, noResults, noClicks, statsDays } = loaderData;
  const href = (next: { page?: number; language?: "en" | "ar" | null }) => {
    const params = new URLSearchParams(q ? { q } : {});
    const shown = next.language === undefined ? language : next.language;
    if (shown) params.set("language", shown);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    return `?${params}`;
  };
  return (
    <div>
      <AdminHeader title="Search" subtitle={`Synonyms and everyday terms, and what visitors searched for in the last ${statsDays} days`} />
      <SearchStatsTables noResults={noResults} noClicks={noClicks} categories={categories} days={statsDays} />

      <section aria-labelledby="synonyms-heading" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 id="synonyms-heading" className="text-lg font-semibold">
              Synonyms
            </h2>
            <p className="text-sm text-muted-foreground">
              {total} {total === 1 ? "term" : "terms"}. A search containing a term, as whole words, also finds what it stands for.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ImportExportControls noun="synonyms" importAction="/admin/search/import" exportUrl={(format) => `/admin/search/export?format=${format}`} />
            <SearchTermFormDialog categories={categories} />
          </div>
        </div>
        <AdminSearch label="Search synonyms" defaultValue={q} />
        <nav aria-label="Language" className="mt-3 flex gap-2 text-sm">
          {([null, "en", "ar"] as const).map((option) => (
            <Link key={option ?? "all"} to={href({ language: option })} aria-current={option === language ? "true" : undefined} className="rounded-md px-2 py-1 hover:bg-accent aria-[current]:bg-accent aria-[current]:font-semibold">
              {option ? LANGUAGE_NAMES[option] : "All languages"}
            </Link>
          ))}
        </nav>
        <AdminTable
          rows={terms}
          columns={[
            { header: "Term", cell: (term) => <span dir="auto">{term.term}</span>, className: "font-medium" },
            { header: "Language", cell: (term) => LANGUAGE_NAMES[term.language] },
            {
              header: "Stands for",
              cell: (term) => (
                <span className="text-sm text-muted-foreground">
                  {[...term.tests.map((test) => test.name), ...term.categories.map((category) => `${category.name} (category)`), ...term.words.map((word) => `“${word}”`)].join(", ")}
                </span>
              ),
              className: "max-w-xl",
            },
          ]}
          actions={(term) => (
            <>
              <SearchTermFormDialog term={term} categories={categories} />
              <ConfirmDeleteDialog id={term.id} label={`Delete ${term.term}`} message={`Are you sure you want to delete the synonym ${term.term}?`} />
            </>
          )}
          empty={q ? "No synonyms match your search." : "No synonyms yet. Add your first synonym."}
        />
        <Pagination page={page} pageCount={pageCount} hrefFor={(n) => href({ page: n })} />
      </section>
    </div>
  );
}
