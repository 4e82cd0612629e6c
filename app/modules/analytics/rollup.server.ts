// Daily roll-ups of the analytics figures (issue 31, decision 0074). A finished Dubai day's figures
// are stored once (analytics_daily_facts) and listed in analytics_rolled_days. A late change (a
// status change or a refund, both written with their time) makes the days it touches dirty again:
// they leave analytics_rolled_days, are computed live until the job rolls them again.
import { sql } from "drizzle-orm";
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
  return days;
}

/**
 * The figures of fromDay..toDay: the stored ones of rolled days, computed live for the others
 * (today, and days a late change made dirty). Marks changed days first, so a refund or a status
 * change is in the figures at once, before the job runs.
 *
 * With `periodFrom` (a day inside the range), the stored figures that are not charted day by day
 * (all but DAILY_FACTS) come summed per key, once for the days before periodFrom (dated fromDay)
 * and once from it (dated periodFrom): a year holds ~500,000 per-test rows, which only their sums
 * per period are needed of.
 */
export async function readFacts(
  fromDay: string,
  toDay: string,
  { now = new Date(), executor = db as Executor, periodFrom }: { now?: Date; executor?: Executor; periodFrom?: string } = {},
): Promise<FactRow[]> {
  await markChangedDays(now);
  const inRange = sql`r.day >= ${fromDay}::date and r.day <= ${toDay}::date`;
  const rolled = await executor.execute<{ day: string }>(sql`select r.day::text as day from analytics_rolled_days r where ${inRange}`);
  const day = periodFrom
    ? sql`case when f.fact in ${sql.raw(`(${DAILY_FACTS.map((fact) => `'${fact}'`).join(", ")})`)} then f.day
        when f.day >= ${periodFrom}::date then ${periodFrom}::date else ${fromDay}::date end`
    : sql`f.day`;
  const stored = await executor.execute<{ day: string; fact: string; key: string; n: number | string; fils: number | string }>(sql`
    select ${day}::text as day, f.fact, f.key, sum(f.n) as n, sum(f.fils) as fils
    from analytics_rolled_days r join analytics_daily_facts f on f.day = r.day
    where ${inRange} and f.day >= ${fromDay}::date and f.day <= ${toDay}::date
    group by 1, 2, 3`);
  const rolledDays = new Set(rolled.rows.map((row) => row.day));
  const missing: string[] = [];
  for (let current = fromDay; current <= toDay; current = addDays(current, 1)) if (!rolledDays.has(current)) missing.push(current);
  const live = (await Promise.all(consecutiveRuns(missing).map(([from, to]) => liveFacts(executor, from, to)))).flat();
  return [...stored.rows.map((row) => ({ day: row.day, fact: row.fact, key: row.key, n: Number(row.n), fils: Number(row.fils) })), ...live];
}

/** For the bench: the figures computed from the tables only, as before roll-ups existed. */
export function readFactsWithoutRollups(fromDay: string, toDay: string): Promise<FactRow[]> {
  return liveFacts(db, fromDay, toDay);
}
