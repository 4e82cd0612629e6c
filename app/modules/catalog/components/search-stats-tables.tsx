import { Plus } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { SearchTermFormDialog } from "~/modules/catalog/components/search-term-form-dialog";

export type QueryStatRow = { query: string; searches: number; zeroResults: number; clicks: number; lastDay: string; covered: boolean; language: "en" | "ar" };

type Category = { id: string; name: string };

/**
 * What visitors searched for in the last `days` days (decision 0033): the searches that found
 * nothing and those whose results nobody followed, each with "Add a synonym" prefilled from it.
 */
export function SearchStatsTables({ noResults, noClicks, categories, days }: { noResults: QueryStatRow[]; noClicks: QueryStatRow[]; categories: Category[]; days: number }) {
  return (
    <div className="mt-6 grid grid-cols-1 gap-8 xl:grid-cols-2">
      <StatsTable
        id="no-results"
        title="Searches with no results"
        rows={noResults}
        count={(row) => row.zeroResults}
        countLabel="Searches"
        empty={`No searches without results in the last ${days} days.`}
        categories={categories}
      />
      <StatsTable
        id="no-clicks"
        title="Searches nobody clicked"
        rows={noClicks}
        count={(row) => row.searches - row.zeroResults}
        countLabel="Searches"
        empty={`No searches without a followed result in the last ${days} days.`}
        categories={categories}
      />
    </div>
  );
}

function StatsTable({
  id,
  title,
  rows,
  count,
  countLabel,
  empty,
  categories,
}: {
  id: string;
  title: string;
  rows: QueryStatRow[];
  count: (row: QueryStatRow) => number;
  countLabel: string;
  empty: string;
  categories: Category[];
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <AdminTable
        className="mt-3"
        rows={rows}
        rowKey={(row) => row.query}
        columns={[
          { header: "Query", cell: (row) => <span dir="auto">{row.query}</span>, className: "font-medium break-all" },
          { header: countLabel, cell: count, className: "tabular-nums" },
          { header: "Last searched", cell: (row) => row.lastDay, className: "whitespace-nowrap" },
        ]}
        actions={(row) =>
          row.covered ? (
            <span className="text-sm text-muted-foreground">A synonym covers it</span>
          ) : (
            <SearchTermFormDialog
              idPrefix={`${id}-${rows.indexOf(row)}`}
              prefill={{ term: row.query, language: row.language }}
              categories={categories}
              trigger={
                <Button type="button" variant="outline" size="sm" aria-label={`Add a synonym for ${row.query}`}>
                  <Plus aria-hidden /> Add a synonym
                </Button>
              }
            />
          )
        }
        empty={empty}
      />
    </section>
  );
}
