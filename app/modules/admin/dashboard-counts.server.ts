import { count } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labs, testCategories, tests, userRoles } from "~/db/schema";
import { shared } from "~/utils/shared-data.server";

/**
 * The admin dashboard's cards (the users count is taken from the roles table, as the spec says).
 * The overdue bookings beside them are booking's (countOverdueBookings): the route asks for both.
 * Tests, labs and categories change only by catalogue writes, so they are counted once until the
 * change feed reports one (counting 100,000 tests costs tens of milliseconds).
 */
export async function dashboardCounts() {
  const [catalogue, [u]] = await Promise.all([
    shared("admin:catalogue-counts", "catalog", catalogueCounts),
    db.select({ n: count() }).from(userRoles),
  ]);
  return { ...catalogue, users: u.n };
}

async function catalogueCounts() {
  const [[t], [l], [c]] = await Promise.all([
    db.select({ n: count() }).from(tests),
    db.select({ n: count() }).from(labs),
    db.select({ n: count() }).from(testCategories),
  ]);
  return { tests: t.n, labs: l.n, categories: c.n };
}
