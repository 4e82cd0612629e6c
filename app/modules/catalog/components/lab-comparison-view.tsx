import { Check, Clock, House, Minus, Trophy, Zap } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { Link } from "~/i18n/link";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { formatCalendarDate, useFormat } from "~/i18n/use-format";
import { buttonVariants } from "~/components/ui/button";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useResultTimeWords } from "~/modules/catalog/result-time-text";
import { resultTimeWords } from "~/modules/catalog/result-time-format";
import { COMPARISON_ID, compareHref, compareSortLabels, compareSorts, type CompareSort } from "~/modules/catalog/lab-comparison";
import type { ComparisonRow, LabComparison, SlotLabel } from "~/modules/catalog/lab-comparison.server";
import { cn } from "~/utils/cn";
import { useSearchParams } from "react-router";

const bookHref = (row: ComparisonRow) => `/book/${row.testId}?lab=${row.labId}${typeof row.includedFeeFils === "number" ? "&type=home" : ""}`;

/** Text badges (not colour alone) for the cheapest and the fastest lab. */
function Marks({ row }: { row: ComparisonRow }) {
  const { t } = useTranslation("catalog");
  if (!row.cheapest && !row.fastest) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {row.cheapest ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
          <Trophy className="size-3" aria-hidden /> {t("Cheapest")}
        </span>
      ) : null}
      {row.fastest ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
          <Zap className="size-3" aria-hidden /> {t("Fastest")}
        </span>
      ) : null}
    </span>
  );
}

/** Under an area's total: the home-collection fee it includes (issue 26). */
function IncludedFee({ feeFils }: { feeFils: number }) {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  return <span className="block text-xs font-normal text-muted-foreground">{t("incl. home collection {{fee}}", { fee: format.money(feeFils) })}</span>;
}

function Collection({ row }: { row: ComparisonRow }) {
  const { t } = useTranslation("catalog");
  const format = useFormat();
  return (
    <ul className="grid gap-1">
      <li className="flex items-center gap-1.5">
        {row.walkIn ? <Check className="size-4 text-primary" aria-hidden /> : <Minus className="size-4 text-muted-foreground" aria-hidden />}
        {row.walkIn ? t("Walk-in") : t("No walk-in")}
      </li>
      <li className="flex items-center gap-1.5">
        {row.homeCollection ? <House className="size-4 text-primary" aria-hidden /> : <Minus className="size-4 text-muted-foreground" aria-hidden />}
        {row.homeCollection && row.homeCollectionFeeFils !== null ? (
          <span>
            {t("Home collection")} (<bdi>+{format.money(row.homeCollectionFeeFils)}</bdi>)
          </span>
        ) : (
          t("No home collection")
        )}
      </li>
    </ul>
  );
}

/** The slot's label: the server's English one, or the same day and time in the page's language. */
function useSlotLabel() {
  const { t } = useTranslation("catalog");
  const { language } = useFormat();
  return (slot: SlotLabel) => {
    if (language === "en") return slot.label;
    const day = slot.day === "today" ? t("Today") : slot.day === "tomorrow" ? t("Tomorrow") : formatCalendarDate(slot.date, language);
    return `${day}، ${slot.time}`;
  };
}

function NextSlot({ row }: { row: ComparisonRow }) {
  const { t } = useTranslation("catalog");
  const label = useSlotLabel();
  if (!row.nextWalkIn && !row.nextHome) return <span className="text-muted-foreground">{t("No free slot in the next 2 weeks")}</span>;
  return (
    <ul className="grid gap-1">
      {row.nextWalkIn ? (
        <li>
          <span className="sr-only">{t("Walk-in:")} </span>
          <time dateTime={row.nextWalkIn.at}>{label(row.nextWalkIn)}</time>
        </li>
      ) : null}
      {row.nextHome ? (
        <li className="text-muted-foreground">
          {t("Home:")} <time dateTime={row.nextHome.at}>{label(row.nextHome)}</time>
        </li>
      ) : null}
    </ul>
  );
}

function LabName({ row }: { row: ComparisonRow }) {
  return (
    <Link to={`/labs/${row.labSlug}`} className="font-semibold text-foreground hover:text-primary hover:underline">
      <LocalizedText en={row.labName} ar={row.labNameAr} />
    </Link>
  );
}

function BookLink({ row, className }: { row: ComparisonRow; className?: string }) {
  const { t } = useTranslation("catalog");
  const { language } = useFormat();
  return (
    <Link
      to={bookHref(row)}
      className={cn(buttonVariants({ size: "sm" }), className)}
      aria-label={t("Book at {{lab}}", { lab: localizedField(row.labName, row.labNameAr, language).text })}
    >
      {t("Book at this lab")}
    </Link>
  );
}

function SortLinks({ sort }: { sort: CompareSort }) {
  const { t } = useTranslation("catalog");
  const [current] = useSearchParams();
  return (
    <nav aria-label={t("Sort labs")} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">{t("Sort by:")}</span>
      {compareSorts.map((option) => (
        <Link
          key={option}
          to={compareHref(option, current)}
          preventScrollReset
          replace
          aria-current={option === sort ? "true" : undefined}
          className={cn(
            "rounded-full border px-3 py-1 font-medium",
            option === sort ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
          )}
        >
          {t(compareSortLabels[option])}
        </Link>
      ))}
    </nav>
  );
}

const ariaSort = (sort: CompareSort, column: CompareSort) => (sort === column ? "ascending" : undefined);

/** A cell: a table cell from md, a block of its row's card below it. */
const cardCell = (className: string) => cn("max-md:block max-md:p-0", className);

/**
 * The labs offering a test side by side: one table, laid out as a table from the md breakpoint and as
 * one card per lab below it (a 360 px phone). Sorting is by links (?compare=…), so it works before
 * JavaScript and is server-rendered.
 */
export function LabComparisonView({ comparison, testName }: { comparison: LabComparison; testName: string }) {
  const placeName = useNameTranslator();
  const { rows, sort } = comparison;
  const { t } = useTranslation("catalog");
  const format = useFormat();
  const sayResultTime = useResultTimeWords();
  const resultTime = (hours: number | null) => (hours === null ? t("Not stated") : sayResultTime(resultTimeWords(hours)));
  if (rows.length === 0) return null;
  const lowest = Math.min(...rows.map((row) => row.priceFils));
  const highest = Math.max(...rows.map((row) => row.priceFils));
  const saving = highest > 0 ? Math.floor(((highest - lowest) / highest) * 100) : 0;
  return (
    <section id={COMPARISON_ID} aria-labelledby={`${COMPARISON_ID}-heading`} className="mt-12 scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${COMPARISON_ID}-heading`} className="text-2xl font-bold">
            {t("Compare {{count}} labs", { count: rows.length })}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {saving > 0
              ? t("{{test}} from {{price}}, save up to {{saving}}% against the dearest lab.", { test: testName, price: format.money(lowest), saving })
              : t("{{test}} from {{price}}.", { test: testName, price: format.money(lowest) })}
          </p>
        </div>
        <SortLinks sort={sort} />
      </div>

      {/* One table for every width (rendering it twice, as a table and as phone cards, doubled the
          page's server render and HTML): below md each row is laid out as a card by CSS alone. The
          explicit roles keep the table's semantics where a browser drops them under display:block. */}
      <div className="mt-6 md:overflow-x-auto md:rounded-lg md:border">
        <table
          role="table"
          className="w-full text-sm max-md:block"
          aria-label={t("Labs offering {{test}}", { test: testName })}
          data-testid="lab-comparison-table"
        >
          <TableHeader role="rowgroup" className="max-md:sr-only">
            <TableRow role="row">
              <TableHead role="columnheader">{t("Lab")}</TableHead>
              <TableHead role="columnheader">{t("Area")}</TableHead>
              <TableHead role="columnheader" aria-sort={ariaSort(sort, "price")}>
                {t("Price")}
              </TableHead>
              <TableHead role="columnheader" aria-sort={ariaSort(sort, "result")}>
                {t("Result time")}
              </TableHead>
              <TableHead role="columnheader">{t("Collection")}</TableHead>
              <TableHead role="columnheader" aria-sort={ariaSort(sort, "slot")}>
                {t("Next free slot")}
              </TableHead>
              <TableHead role="columnheader">
                <span className="sr-only">{t("Book")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody role="rowgroup" className="max-md:grid max-md:gap-4">
            {rows.map((row) => (
              <tr
                key={row.offerId}
                role="row"
                data-testid="lab-offer"
                className="md:border-t md:first:border-t-0 max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-4"
              >
                <TableCell role="cell" className={cardCell("max-md:col-start-1 max-md:text-base")}>
                  <div className="grid gap-1.5">
                    <LabName row={row} />
                    <Marks row={row} />
                  </div>
                </TableCell>
                <TableCell role="cell" className={cardCell("max-md:col-start-1 max-md:text-muted-foreground")}>
                  {placeName(row.area ?? "Abu Dhabi")}
                </TableCell>
                <TableCell
                  role="cell"
                  className={cardCell(
                    "font-semibold whitespace-nowrap max-md:col-start-2 max-md:row-span-2 max-md:row-start-1 max-md:text-end max-md:text-lg max-md:font-bold max-md:text-primary",
                  )}
                >
                  <bdi>{format.money(row.priceFils)}</bdi>
                  {typeof row.includedFeeFils === "number" ? <IncludedFee feeFils={row.includedFeeFils} /> : null}
                </TableCell>
                <TableCell role="cell" className={cardCell("whitespace-nowrap max-md:col-span-2 max-md:flex max-md:gap-2")}>
                  <span className="flex items-center gap-1.5 text-muted-foreground md:hidden">
                    <Clock className="size-4" aria-hidden /> {t("Result time:")}
                  </span>
                  {resultTime(row.resultHours)}
                </TableCell>
                <TableCell role="cell" className={cardCell("max-md:col-span-2")}>
                  <Collection row={row} />
                </TableCell>
                <TableCell role="cell" className={cardCell("max-md:col-span-2 max-md:flex max-md:flex-wrap max-md:gap-x-2")}>
                  <span className="text-muted-foreground md:hidden">{t("Next free slot:")}</span>
                  <NextSlot row={row} />
                </TableCell>
                <TableCell role="cell" className={cardCell("max-md:col-span-2 max-md:mt-2")}>
                  <BookLink row={row} className="whitespace-nowrap max-md:w-full" />
                </TableCell>
              </tr>
            ))}
          </TableBody>
        </table>
      </div>
    </section>
  );
}

