// Searches that found nothing, and those whose results nobody followed (issue 30, decision 0033):
// counted per normalised query and day in search_query_stats. No user, no address, no session:
// only the query, the day and three numbers. Each process adds up its counts in memory and writes
// them in one statement every few seconds, so a busy search page costs no write per view.
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { normaliseQuery } from "~/modules/catalog/search-query";
import { todayInDubai } from "~/utils/dubai-date";
import { logger } from "~/utils/logger.server";

const FLUSH_AFTER_MS = 5_000;
/** A flush is due at once beyond this many queries in memory (a flood of distinct queries). */
const MAX_BUFFERED = 2_000;
/** The admin's lists cover this many days, and show this many queries each. */
export const STATS_DAYS = 30;
const LIST_LENGTH = 50;

type Counts = { day: string; query: string; searches: number; zeroResults: number; clicks: number };

const pending = new Map<string, Counts>();
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/**
 * What may be counted: a normalised query that does not look like personal details (an e-mail
 * address, a phone or ID number: seven digits or more), or null.
 */
export function countableQuery(raw: string): string | null {
  const query = normaliseQuery(raw);
  if (!query || raw.includes("@") || /\d{7,}/.test(query.replace(/[\s+]/g, ""))) return null;
  return query;
}

function add(query: string, counts: Partial<Pick<Counts, "searches" | "zeroResults" | "clicks">>) {
  const day = todayInDubai();
  const key = `${day}\u0000${query}`;
  const entry = pending.get(key) ?? { day, query, searches: 0, zeroResults: 0, clicks: 0 };
  entry.searches += counts.searches ?? 0;
  entry.zeroResults += counts.zeroResults ?? 0;
  entry.clicks += counts.clicks ?? 0;
  pending.set(key, entry);
  if (pending.size >= MAX_BUFFERED) void flushSearchStats();
  else if (!timer) {
    timer = setTimeout(() => void flushSearchStats(), FLUSH_AFTER_MS);
    timer.unref();
  }
}

/**
 * A search page was served: counted when it is a visitor's own search (page one of a query without
 * filters; crawlers are left out), with whether it found nothing.
 */
export function recordSearch({ query, total, userAgent, filtered, page }: { query: string; total: number; userAgent: string | null; filtered: boolean; page: number }) {
  const counted = countableQuery(query);
  if (!counted || filtered || page !== 1 || isbot(userAgent)) return;
  add(counted, { searches: 1, zeroResults: total === 0 ? 1 : 0 });
}

/** A result of a search page was followed (the page's beacon, /api/search-click). */
export function recordClick(query: string) {
  const counted = countableQuery(query);
  if (counted) add(counted, { clicks: 1 });
}

/** Writes the counts held in memory (every few seconds, and before the admin reads the lists). */
export function flushSearchStats(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return flushing ?? Promise.resolve();
  const batch = [...pending.values()];
  pending.clear();
  const write = async () => {
    await flushing?.catch(() => {});
    const values = sql.join(
      batch.map((row) => sql`(${row.day}::date, ${row.query}, ${row.searches}::int, ${row.zeroResults}::int, ${row.clicks}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      insert into search_query_stats (day, query, searches, zero_results, clicks) values ${values}
      on conflict (day, query) do update set
        searches = search_query_stats.searches + excluded.searches,
        zero_results = search_query_stats.zero_results + excluded.zero_results,
        clicks = search_query_stats.clicks + excluded.clicks`);
  };
  const done = write().catch((error) => {
    // Losing a few seconds of counts is better than failing a page; they are statistics.
    logger.warn({ err: error, queries: batch.length }, "search statistics not saved");
  });
  flushing = done.finally(() => {
    if (flushing === done) flushing = undefined;
  });
  return flushing;
}

export type QueryStat = { query: string; searches: number; zeroResults: number; clicks: number; lastDay: string };

/**
 * The admin's lists over the last STATS_DAYS days: queries that found nothing (most often first),
 * and queries that found tests but whose results nobody followed.
 */
export async function searchStatsLists(): Promise<{ noResults: QueryStat[]; noClicks: QueryStat[] }> {
  await flushSearchStats();
  const since = sql`${todayInDubai()}::date - ${STATS_DAYS - 1}::int`;
  const list = async (having: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    (
      await db.execute<{ query: string; searches: number; zero_results: number; clicks: number; last_day: string }>(sql`
        select query, sum(searches)::int as searches, sum(zero_results)::int as zero_results, sum(clicks)::int as clicks,
          max(day)::text as last_day
        from search_query_stats
        where day >= ${since}
        group by query
        having ${having}
        order by ${order}, query
        limit ${LIST_LENGTH}`)
    ).rows.map((row) => ({ query: row.query, searches: row.searches, zeroResults: row.zero_results, clicks: row.clicks, lastDay: row.last_day }));
  const [noResults, noClicks] = await Promise.all([
    list(sql`sum(zero_results) > 0`, sql`sum(zero_results) desc, max(day) desc`),
    list(sql`sum(searches) > sum(zero_results) and sum(clicks) = 0`, sql`sum(searches) - sum(zero_results) desc, max(day) desc`),
  ]);
  return { noResults, noClicks };
}
