import { Check, Clock, House, Minus, Trophy, Zap } from "~/components/ui/icons";
import { useTranslation } from "~/i18n/use-translation";
import { useNameTranslator } from "~/i18n/use-name";
import { Link } from "~/i18n/link";
import { LocalizedText, localizedField } from "~/i18n/localized-field";
import { formatCalendarDate, useFormat } from "~/i18n/use-format";
import { buttonVariants } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { COMPARISON_ID, compareHref, compareSortLabels, compareSorts, formatResultHours, type CompareSort } from "~/modules/catalog/lab-comparison";
import type { ComparisonRow, LabComparison, SlotLabel } from "~/modules/catalog/lab-comparison.server";
import { cn } from "~/utils/cn";

const bookHref = (row: ComparisonRow) => `/book/${row.testId}?lab=${row.labId}`;

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
  return (
    <nav aria-label={t("Sort labs")} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">{t("Sort by:")}</span>
      {compareSorts.map((option) => (
        <Link
          key={option}
          to={compareHref(option)}
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

/**
 * The labs offering a test side by side: a table from the md breakpoint, cards below it (a 360 px
 * phone). Sorting is by links (?compare=…), so it works before JavaScript and is server-rendered.
 */
export function LabComparisonView({ comparison, testName }: { comparison: LabComparison; testName: string }) {
  const placeName = useNameTranslator();
  const { rows, sort } = comparison;
  const { t } = useTranslation("catalog");
  const format = useFormat();
  const resultTime = (hours: number | null) => (format.language === "en" ? formatResultHours(hours) : arabicResultHours(hours, t));
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

      <Table className="mt-6 hidden md:block" aria-label={t("Labs offering {{test}}", { test: testName })} data-testid="lab-comparison-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t("Lab")}</TableHead>
            <TableHead>{t("Area")}</TableHead>
            <TableHead aria-sort={ariaSort(sort, "price")}>{t("Price")}</TableHead>
            <TableHead aria-sort={ariaSort(sort, "result")}>{t("Result time")}</TableHead>
            <TableHead>{t("Collection")}</TableHead>
            <TableHead aria-sort={ariaSort(sort, "slot")}>{t("Next free slot")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("Book")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.offerId} data-testid="lab-offer">
              <TableCell>
                <div className="grid gap-1.5">
                  <LabName row={row} />
                  <Marks row={row} />
                </div>
              </TableCell>
              <TableCell>{placeName(row.area ?? "Abu Dhabi")}</TableCell>
              <TableCell className="font-semibold whitespace-nowrap">
                <bdi>{format.money(row.priceFils)}</bdi>
              </TableCell>
              <TableCell className="whitespace-nowrap">{resultTime(row.resultHours)}</TableCell>
              <TableCell>
                <Collection row={row} />
              </TableCell>
              <TableCell>
                <NextSlot row={row} />
              </TableCell>
              <TableCell>
                <BookLink row={row} className="whitespace-nowrap" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="mt-6 grid gap-4 md:hidden" aria-label={t("Labs offering {{test}}", { test: testName })} data-testid="lab-comparison-cards">
        {rows.map((row) => (
          <li key={row.offerId} className="rounded-lg border bg-card p-4" data-testid="lab-offer">
            <div className="flex items-start justify-between gap-3">
              <div className="grid min-w-0 gap-1">
                <LabName row={row} />
                <p className="text-sm text-muted-foreground">{placeName(row.area ?? "Abu Dhabi")}</p>
              </div>
              <p className="shrink-0 text-lg font-bold text-primary">
                <bdi>{format.money(row.priceFils)}</bdi>
              </p>
            </div>
            <div className="mt-2">
              <Marks row={row} />
            </div>
            <dl className="mt-3 grid gap-2 text-sm">
              <div className="flex gap-2">
                <dt className="flex items-center gap-1.5 text-muted-foreground">
                  <Clock className="size-4" aria-hidden /> {t("Result time:")}
                </dt>
                <dd>{resultTime(row.resultHours)}</dd>
              </div>
              <div>
                <dt className="sr-only">{t("Collection")}</dt>
                <dd>
                  <Collection row={row} />
                </dd>
              </div>
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-muted-foreground">{t("Next free slot:")}</dt>
                <dd>
                  <NextSlot row={row} />
                </dd>
              </div>
            </dl>
            <BookLink row={row} className="mt-4 w-full" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An offer's result time in Arabic words ("6 ساعات", "3 أيام"). */
function arabicResultHours(hours: number | null, t: ReturnType<typeof useTranslation<"catalog">>["t"]): string {
  if (hours === null) return t("Not stated");
  if (hours > 48 && hours % 24 === 0) return t("{{count}} days", { count: hours / 24 });
  return t("{{count}} hours", { count: hours });
}
