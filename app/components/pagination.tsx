import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/i18n/link";
import { cn } from "~/utils/cn";

/** Up to five page numbers around the current page (spec section 9). */
export const MAX_PAGE_NUMBERS = 5;

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/** The numbers to show, with an ellipsis where pages are skipped before or after the window. */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const half = Math.floor(MAX_PAGE_NUMBERS / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(pageCount, start + MAX_PAGE_NUMBERS - 1);
  start = Math.max(1, end - MAX_PAGE_NUMBERS + 1);
  const items: PageItem[] = [];
  if (start > 1) items.push("ellipsis-start");
  for (let n = start; n <= end; n++) items.push(n);
  if (end < pageCount) items.push("ellipsis-end");
  return items;
}

const itemShape =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring";
const itemClass = `${itemShape} hover:bg-accent`;

function PageLink({ to, label, children, disabled }: { to: string; label: string; children: React.ReactNode; disabled: boolean }) {
  if (disabled) {
    return (
      // Nothing to go to: shown for a steady layout, hidden from assistive technology.
      <span aria-hidden="true" className={cn(itemClass, "pointer-events-none opacity-50")}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} className={itemClass}>
      {children}
    </Link>
  );
}

/** Links to pages of a list; hrefFor builds each page's URL so the page stays in the address. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("Pagination")} className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      <PageLink to={hrefFor(1)} label={t("First page")} disabled={page === 1}>
        <ChevronsLeft className="size-4 rtl:rotate-180" aria-hidden />
      </PageLink>
      <PageLink to={hrefFor(page - 1)} label={t("Previous page")} disabled={page === 1}>
        <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
      </PageLink>
      {pageItems(page, pageCount).map((item) =>
        typeof item === "number" ? (
          item === page ? (
            <span key={item} aria-current="page" className={cn(itemShape, "border-primary bg-primary text-primary-foreground")}>
              {item}
            </span>
          ) : (
            <Link key={item} to={hrefFor(item)} aria-label={t("Page {{page}}", { page: item })} className={itemClass}>
              {item}
            </Link>
          )
        ) : (
          <span key={item} className="px-1 text-muted-foreground" aria-hidden>
            …
          </span>
        ),
      )}
      <PageLink to={hrefFor(page + 1)} label={t("Next page")} disabled={page === pageCount}>
        <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
      </PageLink>
      <PageLink to={hrefFor(pageCount)} label={t("Last page")} disabled={page === pageCount}>
        <ChevronsRight className="size-4 rtl:rotate-180" aria-hidden />
      </PageLink>
    </nav>
  );
}
