// The funnel's first-party aggregate counters (issue 31, decision 0075): per Asia/Dubai day and
// step, a number. Each process adds its counts up in memory and writes them in one upsert every
// few seconds (and before the dashboard reads them), as the search statistics do (decision 0033).
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import type { FunnelStep } from "~/db/schema/analytics";
import { todayInDubai } from "~/utils/dubai-date";
import { logger } from "~/utils/logger.server";

const FLUSH_AFTER_MS = 5_000;

const pending = new Map<string, { day: string; step: FunnelStep; count: number }>();
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/** One step seen now (crawlers are left out). */
export function recordFunnelStep(step: FunnelStep, userAgent: string | null, now: Date = new Date()) {
  if (isbot(userAgent)) return;
  const day = todayInDubai(now);
  const key = `${day}:${step}`;
  const entry = pending.get(key) ?? { day, step, count: 0 };
  entry.count += 1;
  pending.set(key, entry);
  if (!timer) {
    timer = setTimeout(() => void flushFunnelCounts(), FLUSH_AFTER_MS);
    timer.unref();
  }
}

/** Writes the counts held in memory. */
export function flushFunnelCounts(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return flushing ?? Promise.resolve();
  const batch = [...pending.values()];
  pending.clear();
  const write = async () => {
    await flushing?.catch(() => {});
    const values = sql.join(
      batch.map((row) => sql`(${row.day}::date, ${row.step}, ${row.count}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      insert into analytics_funnel_counts (day, step, count) values ${values}
      on conflict (day, step) do update set count = analytics_funnel_counts.count + excluded.count`);
  };
  const done = write().catch((error) => {
    logger.warn({ err: error, rows: batch.length }, "funnel counts not saved");
  });
  flushing = done.finally(() => {
    if (flushing === done) flushing = undefined;
  });
  return flushing;
}

export type FunnelDay = { day: string; productViews: number; addToCart: number; checkoutStarted: number; searches: number; zeroResultSearches: number };

/** The counted steps and searches of the days fromDay..toDay that have any. */
export async function funnelCounts(fromDay: string, toDay: string): Promise<FunnelDay[]> {
  await flushFunnelCounts();
  const result = await db.execute<{ day: string; product_view: number; add_to_cart: number; checkout_started: number; searches: number; zero_results: number }>(sql`
    with steps as (
      select day, sum(count) filter (where step = 'product_view') as product_view,
        sum(count) filter (where step = 'add_to_cart') as add_to_cart,
        sum(count) filter (where step = 'checkout_started') as checkout_started
      from analytics_funnel_counts where day >= ${fromDay}::date and day <= ${toDay}::date group by day
    ), searched as (
      select day, sum(searches) as searches, sum(zero_results) as zero_results
      from search_query_stats where day >= ${fromDay}::date and day <= ${toDay}::date group by day
    )
    select coalesce(steps.day, searched.day)::text as day, coalesce(product_view, 0)::int as product_view, coalesce(add_to_cart, 0)::int as add_to_cart,
      coalesce(checkout_started, 0)::int as checkout_started, coalesce(searches, 0)::int as searches, coalesce(zero_results, 0)::int as zero_results
    from steps full join searched on searched.day = steps.day`);
  return result.rows.map((row) => ({
    day: row.day,
    productViews: Number(row.product_view),
    addToCart: Number(row.add_to_cart),
    checkoutStarted: Number(row.checkout_started),
    searches: Number(row.searches),
    zeroResultSearches: Number(row.zero_results),
  }));
}
