// The admin dashboard's analytics (issue 31): the period picker, the revenue cards beside the period
// before, the charts (a lazy chunk, drawn in the browser only) each with its table twin and CSV.
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { GroupRow, PeriodAnalytics, RevenueSummary } from "~/modules/analytics/analytics-types";
import { csvHref, type CsvTable } from "~/modules/analytics/csv";
import { PERIOD_LABELS, periodNames } from "~/modules/analytics/days";
import { formatAed } from "~/utils/money";

const Charts = {
  Revenue: lazy(() => import("~/modules/analytics/analytics-charts").then((module) => ({ default: module.RevenueChart }))),
  Funnel: lazy(() => import("~/modules/analytics/analytics-charts").then((module) => ({ default: module.FunnelChart }))),
  Group: lazy(() => import("~/modules/analytics/analytics-charts").then((module) => ({ default: module.GroupChart }))),
};

const number = new Intl.NumberFormat("en-AE");

/** "+12 %", "−5 %", "new" or "" beside a figure and the same figure of the period before. */
export function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "" : "new";
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  return `${percent > 0 ? "+" : percent < 0 ? "−" : "±"}${Math.abs(percent)} %`;
}

function useInBrowser() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return inBrowser;
}

function PeriodPicker({ period }: { period: PeriodAnalytics["period"] }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <nav aria-label="Period" className="flex flex-wrap gap-2">
        {periodNames
          .filter((name) => name !== "custom")
          .map((name) => (
            <Link
              key={name}
              to={`?period=${name}`}
              aria-current={period.name === name ? "page" : undefined}
              className={`rounded-md border px-3 py-1.5 text-sm ${period.name === name ? "bg-primary text-primary-foreground" : "hover:bg-muted"}`}
            >
              {PERIOD_LABELS[name]}
            </Link>
          ))}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="period" value="custom" />
        <label className="grid gap-1 text-sm">
          From
          <input type="date" name="from" defaultValue={period.from} required className="rounded-md border px-2 py-1" />
        </label>
        <label className="grid gap-1 text-sm">
          To
          <input type="date" name="to" defaultValue={period.to} required className="rounded-md border px-2 py-1" />
        </label>
        <Button type="submit" variant="outline" size="sm">
          Show range
        </Button>
      </Form>
    </div>
  );
}

function Figure({ label, current, previous, money = true, testId }: { label: string; current: number | null; previous: number | null; money?: boolean; testId: string }) {
  const show = (value: number | null) => (value === null ? "–" : money ? formatAed(value) : number.format(value));
  return (
    <Card>
      <div className="grid gap-1 p-4">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <p className="text-2xl font-bold" data-testid={testId}>
          {show(current)}
        </p>
        <p className="text-xs text-muted-foreground">
          Period before: {show(previous)} {current !== null && previous !== null ? change(current, previous) : ""}
        </p>
      </div>
    </Card>
  );
}

function RevenueCards({ current, previous }: { current: RevenueSummary; previous: RevenueSummary }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
      <Figure label="Gross paid" current={current.grossFils} previous={previous.grossFils} testId="revenue-gross" />
      <Figure label="Refunds" current={current.refundsFils} previous={previous.refundsFils} testId="revenue-refunds" />
      <Figure label="Net revenue" current={current.netFils} previous={previous.netFils} testId="revenue-net" />
      <Figure
        label={current.vatFromDocuments ? "VAT on tax invoices, less credit notes" : "VAT included (5 %, estimated)"}
        current={current.vatFils}
        previous={previous.vatFils}
        testId="revenue-vat"
      />
      <Figure label="Average order value" current={current.averageOrderFils} previous={previous.averageOrderFils} testId="revenue-aov" />
    </div>
  );
}

/** A titled section with its table (the chart's twin when there is a chart) and its CSV download. */
function Section({ title, csv, file, chart, children }: { title: string; csv: CsvTable; file: string; chart?: ReactNode; children: ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2 p-6">
        <CardTitle>{title}</CardTitle>
        <a href={csvHref(csv)} download={file} className="text-sm font-medium underline underline-offset-4">
          Download CSV<span className="sr-only"> of {title}</span>
        </a>
      </div>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {chart && inBrowser ? (
          <div aria-hidden="true" inert>
            <Suspense fallback={<div className="h-64" />}>{chart}</Suspense>
          </div>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

function DataTable({ caption, table, hidden = false }: { caption: string; table: CsvTable; hidden?: boolean }) {
  // A chart's twin is for screen readers only: a visually hidden table without a scroll box of its own
  // (a hidden scroll box would widen the page and hold a focus stop nobody sees).
  const Frame = hidden ? HiddenTable : Table;
  return (
    <div>
      <Frame aria-label={caption} {...(hidden ? {} : { scrollLabel: caption })}>
        <TableHeader>
          <TableRow>
            {table.headers.map((header, index) => (
              <TableHead key={header} alignEnd={index > 0}>
                {header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={table.headers.length} className="text-muted-foreground">
                Nothing in this period.
              </TableCell>
            </TableRow>
          ) : (
            table.rows.map((row, index) => (
              <TableRow key={index}>
                {row.map((cell, column) => (
                  <TableCell key={column} className={column > 0 ? "text-end whitespace-nowrap" : undefined}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Frame>
    </div>
  );
}

function HiddenTable({ children, ...props }: { children: ReactNode; "aria-label": string }) {
  return (
    <div className="sr-only">
      <div className="w-max">
        <table {...props}>{children}</table>
      </div>
    </div>
  );
}

const aed = (fils: number) => formatAed(fils);

function groupTable(rows: GroupRow[], first: string, money: boolean): CsvTable {
  return {
    headers: money ? [first, "Bookings", "Value", "Bookings before", "Value before"] : [first, "Count", "Count before"],
    rows: rows.map((row) => (money ? [row.name, row.n, aed(row.fils), row.previousN, aed(row.previousFils)] : [row.name, row.n, row.previousN])),
  };
}

export function AnalyticsPanel({ analytics }: { analytics: PeriodAnalytics }) {
  const { period } = analytics;
  const suffix = `${period.from}-to-${period.to}`;
  const step = analytics.step === "month" ? "Month" : "Day";
  const revenueTable: CsvTable = {
    headers: [step, "Gross paid", "Refunds", "Net", "Paid orders"],
    rows: analytics.daily.map((day) => [day.day, aed(day.grossFils), aed(day.refundsFils), aed(day.netFils), day.paidOrders]),
  };
  const funnelTable: CsvTable = {
    headers: [step, "Product views", "Add to cart", "Checkout started", "Paid", "Searches", "No result share"],
    rows: analytics.funnel.map((day) => [
      day.day,
      day.productViews,
      day.addToCart,
      day.checkoutStarted,
      day.paid,
      day.searches,
      day.searches > 0 ? `${Math.round((day.zeroResultSearches / day.searches) * 100)} %` : "–",
    ]),
  };
  const statusTable = (rows: GroupRow[], first: string) => groupTable(rows, first, false);
  const cashTable: CsvTable = {
    headers: ["Lab", "Bookings to collect", "Cash to collect"],
    rows: analytics.cashOutstanding.map((row) => [row.name, row.bookings, aed(row.fils)]),
  };
  return (
    <section aria-labelledby="analytics-heading" className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="analytics-heading" className="text-xl font-bold">
          Analytics
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="analytics-period">
          {period.from === period.to ? period.from : `${period.from} to ${period.to}`} (Asia/Dubai), compared with{" "}
          {period.previous.from === period.previous.to ? period.previous.from : `${period.previous.from} to ${period.previous.to}`}
        </p>
        <PeriodPicker period={period} />
      </div>
      <RevenueCards current={analytics.revenue.current} previous={analytics.revenue.previous} />
      <Section title={`Revenue per ${analytics.step}`} csv={revenueTable} file={`revenue-${suffix}.csv`} chart={<Charts.Revenue daily={analytics.daily} />}>
        <DataTable caption={`Revenue per ${analytics.step}`} table={revenueTable} hidden />
      </Section>
      <Section title={`Funnel per ${analytics.step}`} csv={funnelTable} file={`funnel-${suffix}.csv`} chart={<Charts.Funnel funnel={analytics.funnel} />}>
        <DataTable caption={`Funnel per ${analytics.step}`} table={funnelTable} hidden />
      </Section>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 2xl:grid-cols-2">
        <Section title="Orders by status" csv={statusTable(analytics.ordersByStatus, "Status")} file={`orders-by-status-${suffix}.csv`}>
          <DataTable caption="Orders by status" table={statusTable(analytics.ordersByStatus, "Status")} />
        </Section>
        <Section title="Bookings by status" csv={statusTable(analytics.bookingsByStatus, "Status")} file={`bookings-by-status-${suffix}.csv`}>
          <DataTable caption="Bookings by status" table={statusTable(analytics.bookingsByStatus, "Status")} />
        </Section>
        <Section title="Cancellations by who cancelled" csv={statusTable(analytics.cancelledBy, "Cancelled by")} file={`cancellations-${suffix}.csv`}>
          <DataTable caption="Cancellations by who cancelled" table={statusTable(analytics.cancelledBy, "Cancelled by")} />
          <p className="text-sm">
            No-shows: <span data-testid="no-shows">{analytics.noShows.current}</span> (period before: {analytics.noShows.previous})
          </p>
        </Section>
        <Section title="Cash on delivery outstanding" csv={cashTable} file="cash-outstanding.csv">
          <DataTable caption="Cash on delivery outstanding per lab" table={cashTable} />
        </Section>
      </div>
      <Section title="Bookings and revenue per lab" csv={groupTable(analytics.perLab, "Lab", true)} file={`labs-${suffix}.csv`} chart={<Charts.Group rows={analytics.perLab} />}>
        <DataTable caption="Bookings and revenue per lab" table={groupTable(analytics.perLab, "Lab", true)} />
      </Section>
      <Section
        title="Bookings and revenue per category"
        csv={groupTable(analytics.perCategory, "Category", true)}
        file={`categories-${suffix}.csv`}
        chart={<Charts.Group rows={analytics.perCategory} />}
      >
        <DataTable caption="Bookings and revenue per category" table={groupTable(analytics.perCategory, "Category", true)} />
      </Section>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 2xl:grid-cols-2">
        <Section title="Top tests" csv={groupTable(analytics.topTests, "Test", true)} file={`top-tests-${suffix}.csv`}>
          <DataTable caption="Top tests" table={groupTable(analytics.topTests, "Test", true)} />
        </Section>
        <Card>
          <CardHeader>
            <CardTitle>Result turnaround per lab</CardTitle>
          </CardHeader>
          <CardContent>
            {analytics.turnaround === null || analytics.turnaround.length === 0 ? (
              <p className="text-sm text-muted-foreground">No results yet.</p>
            ) : (
              <DataTable
                caption="Result turnaround per lab"
                table={{
                  headers: ["Lab", "Results", "On time", "Median hours"],
                  rows: analytics.turnaround.map((row) => [row.name, row.results, row.onTimeShare === null ? "No promised time" : `${Math.round(row.onTimeShare * 100)} %`, row.medianHours]),
                }}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
