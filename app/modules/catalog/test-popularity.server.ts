// A test's popularity for the search's tiebreak (decision 0032): how many bookings of it are not
// cancelled. Kept in tests.booking_count by a periodic sweep, not by each booking: the order of
// equally good matches may lag by REFRESH_BOOKING_COUNTS_EVERY_SECONDS, and booking stays free of
// search code. The sweep also forgets search statistics older than a year (decision 0033).
import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { db } from "~/db/db.server";

export const REFRESH_BOOKING_COUNTS_JOB = "refresh-booking-counts";
export const REFRESH_BOOKING_COUNTS_EVERY_SECONDS = 15 * 60;
/** Daily search counts are kept this long. */
const SEARCH_STATS_KEPT_DAYS = 366;

/** Sets every test's booking_count from the bookings; writes only the rows whose count changed. */
export async function refreshBookingCounts(executor: Executor = db) {
  const { rows } = await executor.execute<{ n: string | number }>(sql`
    with counted as (
      select b.test_id, count(*)::int as n from bookings b
      where b.test_id is not null and b.status <> 'cancelled'
      group by b.test_id
    ),
    changed as (
      update tests t set booking_count = coalesce(c.n, 0)
      from tests t2 left join counted c on c.test_id = t2.id
      where t.id = t2.id and t.booking_count is distinct from coalesce(c.n, 0)
      returning t.id
    )
    select count(*) as n from changed`);
  return Number(rows[0]?.n ?? 0);
}

/** The periodic sweep: popularity, then old search statistics. */
export async function refreshSearchUpkeep() {
  await refreshBookingCounts();
  await db.execute(sql`delete from search_query_stats where day < current_date - ${SEARCH_STATS_KEPT_DAYS}::int`);
}
