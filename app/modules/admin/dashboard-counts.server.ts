import { count } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labs, testCategories, tests, userRoles } from "~/db/schema";
import { countOverdueBookings } from "~/modules/booking/admin-bookings.server";

/**
 * The admin dashboard's cards (the users count is taken from the roles table, as the spec says)
 * and the bookings whose time passed without being completed (app clock).
 */
export async function dashboardCounts(now?: Date) {
  const [[t], [l], [c], [u], overdueBookings] = await Promise.all([
    db.select({ n: count() }).from(tests),
    db.select({ n: count() }).from(labs),
    db.select({ n: count() }).from(testCategories),
    db.select({ n: count() }).from(userRoles),
    countOverdueBookings(now),
  ]);
  return { tests: t.n, labs: l.n, categories: c.n, users: u.n, overdueBookings };
}
