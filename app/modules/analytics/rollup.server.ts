// Daily roll-ups of the analytics figures (issue 31, decision 0074). A finished Dubai day's figures
// are stored once (analytics_daily_facts) and listed in analytics_rolled_days. A late change (a
// status change or a refund, both written with their time) makes the days it touches dirty again:
// they leave analytics_rolled_days, are computed live until the job rolls them again.
import { type SQL, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/client.server";
import { DAILY_FACTS, liveFacts, factsQuery, type FactRow } from "~/modules/analytics/daily-facts.server";
import { addDays, consecutiveRuns } from "~/modules/analytics/days";
import { todayInDubai } from "~/utils/dubai-date";

export const ROLL_UP_ANALYTICS_JOB = "analytics.roll-up";
export const ROLL_UP_ANALYTICS_EVERY_SECONDS = 300;
/** Days rolled in one run at most (the newest first), so a first run over years stays short. */
export const MAX_DAYS_PER_RUN = 120;
/**
 * Changes are looked at again this long before the watermark: a transaction that began before the
 * last look (its rows carry its start time) but committed after it is still seen.
 */
const WATERMARK_OVERLAP_MS = 10 * 60_000;

/**
 * The days touched by changes written since the watermark (status changes of orders and bookings,
 * refunds): the day of the change, and the days the changed order or booking counts on (made,
 * paid, visit). They leave analytics_rolled_days; the watermark moves to `now`.
 */
export async function markChangedDays(now: Date = new Date()): Promise<string[]> {
  const state = await db.execute<{ changes_seen_until: Date | string }>(sql`select changes_seen_until from analytics_rollup_state where id = 1`);
  const seenUntil = state.rows[0]?.changes_seen_until;
  if (seenUntil === undefined) {
    // First look: nothing is rolled up yet, so nothing can be dirty.
    await db.execute(sql`insert into analytics_rollup_state (id, changes_seen_until) values (1, ${now}) on conflict (id) do nothing`);
    return [];
  }
  const since = new Date(new Date(seenUntil).getTime() - WATERMARK_OVERLAP_MS);
  const dirty = await db.execute<{ day: string }>(sql`
    with changed as (
      select subject, subject_id, created_at from status_changes where created_at >= ${since}
    ), days as (
      select (created_at at time zone 'Asia/Dubai')::date as day from changed
      union select (o.created_at at time zone 'Asia/Dubai')::date from orders o where o.id in (select subject_id from changed where subject = 'order')
      union select (o.paid_at at time zone 'Asia/Dubai')::date from orders o
        where o.paid_at is not null and o.id in (select subject_id from changed where subject = 'order')
      union select (b.created_at at time zone 'Asia/Dubai')::date from bookings b where b.id in (select subject_id from changed where subject = 'booking')
      union select b.scheduled_date from bookings b where b.id in (select subject_id from changed where subject = 'booking')
      union select (r.created_at at time zone 'Asia/Dubai')::date from payment_refunds r where r.created_at >= ${since}
    ), unrolled_months as (
      delete from analytics_rolled_months where month in (select date_trunc('month', day)::date from days)
    ), unrolled as (
      delete from analytics_rolled_days where day in (select day from days) returning day
    )
    select day::text as day from unrolled`);
  await db.execute(sql`update analytics_rollup_state set changes_seen_until = greatest(changes_seen_until, ${now}) where id = 1`);
  return dirty.rows.map((row) => row.day);
}

/** Stores the figures of the given days (replacing what was stored) and lists them as rolled. */
export async function rollDays(days: readonly string[]): Promise<void> {
  for (const [from, to] of consecutiveRuns(days)) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from analytics_daily_facts where day >= ${from}::date and day <= ${to}::date`);
      await tx.execute(sql`insert into analytics_daily_facts (day, fact, key, n, fils) select day::date, fact, key, n, fils from (${factsQuery(from, to)}) f`);
      await tx.execute(sql`
        insert into analytics_rolled_days (day, rolled_at)
        select d::date, now() from generate_series(${from}::date, ${to}::date, interval '1 day') d
        on conflict (day) do update set rolled_at = excluded.rolled_at`);
    });
  }
}

/** The SQL list of the figures charted day by day (constants, never input). */
const DAILY_FACT_LIST = sql.raw(`(${DAILY_FACTS.map((fact) => `'${fact}'`).join(", ")})`);

/**
 * Sums the finished months (before this one) whose every day is rolled and that are not summed
 * yet: the figures that are not charted day by day, per key (analytics_monthly_facts).
 */
export async function rollMonths(today: string): Promise<string[]> {
  const months = await db.execute<{ month: string }>(sql`
    select date_trunc('month', r.day)::date::text as month from analytics_rolled_days r
    where r.day < date_trunc('month', ${today}::date)
      and date_trunc('month', r.day)::date not in (select month from analytics_rolled_months)
    group by 1
    having count(*) = extract(day from (date_trunc('month', min(r.day)) + interval '1 month - 1 day'))`);
  for (const { month } of months.rows) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from analytics_monthly_facts where month = ${month}::date`);
      await tx.execute(sql`
        insert into analytics_monthly_facts (month, fact, key, n, fils)
        select ${month}::date, f.fact, f.key, sum(f.n), sum(f.fils) from analytics_daily_facts f
        where f.day >= ${month}::date and f.day < (${month}::date + interval '1 month') and f.fact not in ${DAILY_FACT_LIST}
        group by f.fact, f.key`);
      await tx.execute(sql`insert into analytics_rolled_months (month) values (${month}::date) on conflict (month) do update set rolled_at = now()`);
    });
  }
  return months.rows.map((row) => row.month);
}

/** The finished days (before today) with no stored figures, newest first, from the first order or booking on. */
async function unrolledDays(today: string, limit: number): Promise<string[]> {
  const first = await db.execute<{ first: Date | string | null }>(sql`
    select least((select min(created_at) from orders), (select min(created_at) from bookings)) as first`);
  const firstAt = first.rows[0]?.first;
  if (!firstAt) return [];
  const firstDay = todayInDubai(new Date(firstAt));
  const yesterday = addDays(today, -1);
  if (firstDay > yesterday) return [];
  const result = await db.execute<{ day: string }>(sql`
    select d::date::text as day from generate_series(${firstDay}::date, ${yesterday}::date, interval '1 day') d
    where not exists (select 1 from analytics_rolled_days r where r.day = d::date)
    order by d desc limit ${limit}`);
  return result.rows.map((row) => row.day);
}

/**
 * The job: marks the days late changes touched, then rolls up to MAX_DAYS_PER_RUN finished days
 * that have no stored figures (the dirty ones, and those never rolled). Returns the days rolled.
 */
export async function rollUpAnalytics(now: Date = new Date(), limit = MAX_DAYS_PER_RUN): Promise<string[]> {
  await markChangedDays(now);
  const days = await unrolledDays(todayInDubai(now), limit);
  await rollDays(days);
  await rollMonths(todayInDubai(now));
  return days;
}

/**
 * The figures of fromDay..toDay: the stored ones of rolled days, computed live for the others
 * (today, and days a late change made dirty). Marks changed days first, so a refund or a status
 * change is in the figures at once, before the job runs.
 *
 * With `periodFrom` (a day inside the range), the stored figures that are not charted day by day
 * (all but DAILY_FACTS) come summed per key, once for the days before periodFrom (dated fromDay)
 * and once from it (dated periodFrom), from the months summed whole where a month lies inside one
 * of the two and from the days otherwise: a year holds ~500,000 per-test rows, which only their
 * sums per period are needed of.
 *
 * With `top` as well, the stored sums of that fact are kept for the `limit` keys first in the period
 * from periodFrom only (by count, then amount), in both periods. The caller's top list stays exact:
 * a key outside the stored top has at least `limit` keys ahead of it unless its live figures (which
 * are all returned) lift it, and then it is among the live keys.
 */
export async function readFacts(
  fromDay: string,
  toDay: string,
  {
    now = new Date(),
    executor = db as Executor,
    periodFrom,
    top,
  }: { now?: Date; executor?: Executor; periodFrom?: string; top?: { fact: string; limit: number } } = {},
): Promise<FactRow[]> {
  await markChangedDays(now);
  const rolled = await executor.execute<{ day: string }>(sql`
    select day::text as day from analytics_rolled_days where day >= ${fromDay}::date and day <= ${toDay}::date order by day`);
  const rolledDays = rolled.rows.map((row) => row.day);
  const missing: string[] = [];
  const rolledSet = new Set(rolledDays);
  for (let current = fromDay; current <= toDay; current = addDays(current, 1)) if (!rolledSet.has(current)) missing.push(current);
  const live = (await Promise.all(consecutiveRuns(missing).map(([from, to]) => liveFacts(executor, from, to)))).flat();
  const stored = periodFrom ? await storedSums(executor, fromDay, toDay, periodFrom, rolledDays, top) : await storedDays(executor, fromDay, toDay);
  return [...stored, ...live];
}

type StoredRow = { day: string; fact: string; key: string; n: number | string; fils: number | string };
const asFacts = (rows: StoredRow[]): FactRow[] => rows.map((row) => ({ day: row.day, fact: row.fact, key: row.key, n: Number(row.n), fils: Number(row.fils) }));

/** Every stored figure of the rolled days in fromDay..toDay, day by day. */
async function storedDays(executor: Executor, fromDay: string, toDay: string) {
  const result = await executor.execute<StoredRow>(sql`
    select f.day::text as day, f.fact, f.key, f.n, f.fils
    from analytics_rolled_days r join analytics_daily_facts f on f.day = r.day
    where r.day >= ${fromDay}::date and r.day <= ${toDay}::date and f.day >= ${fromDay}::date and f.day <= ${toDay}::date`);
  return asFacts(result.rows);
}

/** The stored figures summed per period (see readFacts), the charted ones day by day. */
async function storedSums(
  executor: Executor,
  fromDay: string,
  toDay: string,
  periodFrom: string,
  rolledDays: string[],
  top: { fact: string; limit: number } | undefined,
) {
  const bucketOf = (day: string) => (day >= periodFrom ? periodFrom : fromDay);
  const summedMonths = await executor.execute<{ month: string; last: string }>(sql`
    select month::text as month, (month + interval '1 month - 1 day')::date::text as last from analytics_rolled_months
    where month >= ${fromDay}::date and month + interval '1 month - 1 day' <= ${toDay}::date`);
  // A month counts whole only inside one period.
  const months = summedMonths.rows.filter((row) => bucketOf(row.month) === bucketOf(row.last)).map((row) => row.month);
  const covered = new Set(months);
  const dayByDay = rolledDays.filter((day) => !covered.has(`${day.slice(0, 7)}-01`));
  const bucket = (day: SQL) => sql`case when ${day} >= ${periodFrom}::date then ${periodFrom}::date else ${fromDay}::date end`;
  const kept = top
    ? sql`where s.fact <> ${top.fact} or s.key in (
        select t.key from sums t where t.fact = ${top.fact} and t.day = ${periodFrom}::date order by t.n desc, t.fils desc, t.key limit ${top.limit})`
    : sql``;
  const [charted, summed] = await Promise.all([
    executor.execute<StoredRow>(sql`
      select f.day::text as day, f.fact, f.key, f.n, f.fils
      from analytics_daily_facts f join analytics_rolled_days r on r.day = f.day
      where f.fact in ${DAILY_FACT_LIST} and f.day >= ${fromDay}::date and f.day <= ${toDay}::date`),
    executor.execute<StoredRow>(sql`
      with sums as (
        select day, fact, key, sum(n) as n, sum(fils) as fils from (
          select ${bucket(sql`d.day`)} as day, d.fact, d.key, d.n, d.fils
          from analytics_daily_facts d
          where d.day = any(${sql.param(dayByDay)}::date[]) and d.fact not in ${DAILY_FACT_LIST}
          union all
          select ${bucket(sql`m.month`)}, m.fact, m.key, m.n, m.fils
          from analytics_monthly_facts m where m.month = any(${sql.param(months)}::date[])
        ) parts group by 1, 2, 3
      )
      select s.day::text as day, s.fact, s.key, s.n, s.fils from sums s ${kept}`),
  ]);
  return asFacts([...charted.rows, ...summed.rows]);
}

/** For the bench: the figures computed from the tables only, as before roll-ups existed. */
export function readFactsWithoutRollups(fromDay: string, toDay: string): Promise<FactRow[]> {
  return liveFacts(db, fromDay, toDay);
}
