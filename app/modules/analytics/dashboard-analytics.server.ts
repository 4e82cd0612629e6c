// The admin dashboard's analytics for a period and the one before it (issue 31, decision 0074):
// read from the daily figures (rolled up, or live for days not rolled), named from the catalogue.
import { inArray, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labs, testCategories, tests } from "~/db/schema";
import { DAILY_FACTS, FACTS, type FactRow } from "~/modules/analytics/daily-facts.server";
import { dayStartUtc, daysBetween, nextDay, type ComparedPeriod } from "~/modules/analytics/days";
import { funnelCounts } from "~/modules/analytics/funnel.server";
import { readFacts } from "~/modules/analytics/rollup.server";
import type { Compared, DailyPoint, FunnelPoint, GroupRow, PeriodAnalytics, RevenueSummary } from "~/modules/analytics/analytics-types";

/** VAT is included in the prices at 5 %: the VAT in an amount is 5/105 of it. */
export function vatIncluded(fils: number): number {
  return Math.round((fils * 5) / 105);
}

const TOP_TESTS = 10;

function sumOf(rows: FactRow[], fact: string, key?: string) {
  let n = 0;
  let fils = 0;
  for (const row of rows) {
    if (row.fact === fact && (key === undefined || row.key === key)) {
      n += row.n;
      fils += row.fils;
    }
  }
  return { n, fils };
}

export function revenueOf(rows: FactRow[]): RevenueSummary {
  const gross = sumOf(rows, FACTS.revenue);
  const refunds = sumOf(rows, FACTS.refunds);
  const net = gross.fils - refunds.fils;
  // Credit notes mirror refunds one to one (the refunds figure counts them); their VAT is what the tax documents reverse.
  const invoiced = sumOf(rows, FACTS.vat, "invoiced");
  const credited = sumOf(rows, FACTS.vat, "credited");
  const documented = invoiced.n + credited.n > 0;
  return {
    grossFils: gross.fils,
    paidOrders: gross.n,
    refundsFils: refunds.fils,
    refunds: refunds.n,
    netFils: net,
    vatFils: documented ? invoiced.fils - credited.fils : vatIncluded(net),
    vatFromDocuments: documented,
    averageOrderFils: gross.n > 0 ? Math.round(gross.fils / gross.n) : null,
  };
}

function byKey(rows: FactRow[], fact: string): Map<string, { n: number; fils: number }> {
  const groups = new Map<string, { n: number; fils: number }>();
  for (const row of rows) {
    if (row.fact !== fact) continue;
    const group = groups.get(row.key) ?? { n: 0, fils: 0 };
    group.n += row.n;
    group.fils += row.fils;
    groups.set(row.key, group);
  }
  return groups;
}

/** Both periods' groups of one figure, every key of either, most first. */
function compareGroups(current: FactRow[], previous: FactRow[], fact: string, name: (key: string) => string): GroupRow[] {
  const now = byKey(current, fact);
  const before = byKey(previous, fact);
  const keys = new Set([...now.keys(), ...before.keys()]);
  return [...keys]
    .map((key) => ({
      key,
      name: name(key),
      n: now.get(key)?.n ?? 0,
      fils: now.get(key)?.fils ?? 0,
      previousN: before.get(key)?.n ?? 0,
      previousFils: before.get(key)?.fils ?? 0,
    }))
    .sort((a, b) => b.fils - a.fils || b.n - a.n || a.name.localeCompare(b.name));
}

function countOf(rows: FactRow[], fact: string): number {
  return sumOf(rows, fact).n;
}

async function namesOf(ids: { labs: string[]; categories: string[]; tests: string[] }) {
  const uuid = (list: string[]) => list.filter((id) => id !== "none");
  const [labRows, categoryRows, testRows] = await Promise.all([
    uuid(ids.labs).length ? db.select({ id: labs.id, name: labs.name }).from(labs).where(inArray(labs.id, uuid(ids.labs))) : [],
    uuid(ids.categories).length
      ? db.select({ id: testCategories.id, name: testCategories.name }).from(testCategories).where(inArray(testCategories.id, uuid(ids.categories)))
      : [],
    uuid(ids.tests).length ? db.select({ id: tests.id, name: tests.name }).from(tests).where(inArray(tests.id, uuid(ids.tests))) : [],
  ]);
  const map = (rows: { id: string; name: string }[], none: string) => {
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return (id: string) => (id === "none" ? none : (names.get(id) ?? "(deleted)"));
  };
  return { lab: map(labRows, "No lab"), category: map(categoryRows, "No category"), test: map(testRows, "Deleted test") };
}

/**
 * Cash on delivery still to collect, per lab: the value of the cash orders' bookings that are still
 * to happen (pending or confirmed). A collected sample or a completed booking counts as paid.
 */
export async function cashOutstandingPerLab(): Promise<{ labId: string | null; name: string; bookings: number; fils: number }[]> {
  const result = await db.execute<{ lab_id: string | null; name: string | null; bookings: number; fils: string | number }>(sql`
    select b.lab_id, l.name, count(*)::int as bookings, sum(coalesce(b.price_fils, 0) + coalesce(b.home_collection_fee_fils, 0))::bigint as fils
    from bookings b join orders o on o.id = b.order_id left join labs l on l.id = b.lab_id
    where b.status in ('pending', 'confirmed') and o.payment_method = 'cash_on_delivery'
    group by b.lab_id, l.name order by 4 desc`);
  return result.rows.map((row) => ({ labId: row.lab_id, name: row.name ?? "No lab", bookings: Number(row.bookings), fils: Number(row.fils) }));
}

/**
 * Result turnaround per lab for the results first released in from..to (Asia/Dubai days): how many,
 * the share released within the promised time (the lab's offer, else the test's result time), and
 * the median hours from sample collection to release. Null when no result was released then.
 */
export async function resultTurnaroundPerLab(from: string, to: string): Promise<PeriodAnalytics["turnaround"]> {
  const hours = sql`extract(epoch from (r.released_at - b.sample_collected_at)) / 3600`;
  const promised = sql`coalesce(o.result_hours, t.result_time_hours)`;
  const result = await db.execute<{ lab_id: string; name: string; results: number; with_promise: number; on_time: number; median: number }>(sql`
    select r.lab_id, l.name, count(*)::int as results,
      count(${promised})::int as with_promise,
      count(*) filter (where ${hours} <= ${promised})::int as on_time,
      percentile_cont(0.5) within group (order by ${hours}) as median
    from results r
    join bookings b on b.id = r.booking_id
    join labs l on l.id = r.lab_id
    left join lab_offers o on o.lab_id = r.lab_id and o.test_id = r.test_id
    left join tests t on t.id = r.test_id
    where r.released_at >= ${dayStartUtc(from)} and r.released_at < ${dayStartUtc(nextDay(to))} and b.sample_collected_at is not null
    group by r.lab_id, l.name
    order by 3 desc, 2`);
  if (result.rows.length === 0) return null;
  return result.rows.map((row) => ({
    labId: row.lab_id,
    name: row.name,
    results: Number(row.results),
    onTimeShare: Number(row.with_promise) > 0 ? Number(row.on_time) / Number(row.with_promise) : null,
    medianHours: Math.round(Number(row.median) * 10) / 10,
  }));
}

/** Longer periods are charted and tabulated per month: 365 daily rows read as noise, and weigh half a megabyte. */
const MAX_DAILY_STEPS = 92;

/** The per-day series, folded into calendar months ("2026-11") when the period has more than MAX_DAILY_STEPS days. */
function inSteps(daily: DailyPoint[], funnel: FunnelPoint[], days: number): Pick<PeriodAnalytics, "step" | "daily" | "funnel"> {
  if (days <= MAX_DAILY_STEPS) return { step: "day", daily, funnel };
  const fold = <T extends { day: string }>(points: T[]): T[] => {
    const months = new Map<string, T>();
    for (const point of points) {
      const month = point.day.slice(0, 7);
      const sum = months.get(month);
      if (!sum) {
        months.set(month, { ...point, day: month });
        continue;
      }
      for (const [field, value] of Object.entries(point)) {
        if (typeof value === "number") (sum as Record<string, unknown>)[field] = (sum[field as keyof T] as number) + value;
      }
    }
    return [...months.values()];
  };
  return { step: "month", daily: fold(daily), funnel: fold(funnel) };
}

function compared<T>(current: T, previous: T): Compared<T> {
  return { current, previous };
}

/** Everything the dashboard shows for `period`, each figure beside the period before. */
export async function periodAnalytics(period: ComparedPeriod, now: Date = new Date()): Promise<PeriodAnalytics> {
  const [all, funnel, cash, turnaround] = await Promise.all([
    readFacts(period.previous.from, period.to, { now, periodFrom: period.from, top: { fact: FACTS.test, limit: TOP_TESTS } }),
    funnelCounts(period.from, period.to),
    cashOutstandingPerLab(),
    resultTurnaroundPerLab(period.from, period.to),
  ]);
  const current = all.filter((row) => row.day >= period.from);
  const previous = all.filter((row) => row.day < period.from);
  const topTestIds = [...byKey(current, FACTS.test).entries()]
    .sort((a, b) => b[1].n - a[1].n || b[1].fils - a[1].fils)
    .slice(0, TOP_TESTS)
    .map(([key]) => key);
  const names = await namesOf({
    labs: [...new Set([...byKey(all, FACTS.lab).keys()])],
    categories: [...new Set([...byKey(all, FACTS.category).keys()])],
    tests: topTestIds,
  });
  const prevTests = byKey(previous, FACTS.test);
  const currentTests = byKey(current, FACTS.test);
  const identity = (key: string) => key;

  const byDay = new Map<string, FactRow[]>();
  for (const row of current) {
    if (!DAILY_FACTS.includes(row.fact)) continue;
    const list = byDay.get(row.day) ?? [];
    list.push(row);
    byDay.set(row.day, list);
  }
  const daily: DailyPoint[] = daysBetween(period.from, period.to).map((day) => {
    const rows = byDay.get(day) ?? [];
    const revenue = revenueOf(rows);
    return { day, grossFils: revenue.grossFils, refundsFils: revenue.refundsFils, netFils: revenue.netFils, paidOrders: revenue.paidOrders };
  });
  const funnelByDay = new Map(funnel.map((row) => [row.day, row]));
  const funnelDaily: FunnelPoint[] = daysBetween(period.from, period.to).map((day) => {
    const counted = funnelByDay.get(day);
    return {
      day,
      productViews: counted?.productViews ?? 0,
      addToCart: counted?.addToCart ?? 0,
      checkoutStarted: counted?.checkoutStarted ?? 0,
      paid: sumOf(byDay.get(day) ?? [], FACTS.funnelPaid).n,
      searches: counted?.searches ?? 0,
      zeroResultSearches: counted?.zeroResultSearches ?? 0,
    };
  });

  return {
    period,
    revenue: compared(revenueOf(current), revenueOf(previous)),
    ordersByStatus: compareGroups(current, previous, FACTS.orderStatus, identity),
    bookingsByStatus: compareGroups(current, previous, FACTS.bookingStatus, identity),
    cancelledBy: compareGroups(current, previous, FACTS.cancelledBy, identity),
    noShows: compared(countOf(current, FACTS.noShow), countOf(previous, FACTS.noShow)),
    perLab: compareGroups(current, previous, FACTS.lab, names.lab),
    perCategory: compareGroups(current, previous, FACTS.category, names.category),
    topTests: topTestIds.map((key) => ({
      key,
      name: names.test(key),
      n: currentTests.get(key)?.n ?? 0,
      fils: currentTests.get(key)?.fils ?? 0,
      previousN: prevTests.get(key)?.n ?? 0,
      previousFils: prevTests.get(key)?.fils ?? 0,
    })),
    ...inSteps(daily, funnelDaily, daysBetween(period.from, period.to).length),
    cashOutstanding: cash,
    turnaround,
  };
}
