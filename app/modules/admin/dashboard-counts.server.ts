import { count } from "drizzle-orm";
import { db } from "~/db/db.server";
import { labs, testCategories, tests, userRoles } from "~/db/schema";

/**
 * The admin dashboard's cards (the users count is taken from the roles table, as the spec says).
 * The overdue bookings beside them are booking's (countOverdueBookings): the route asks for both.
 */
export async function dashboardCounts() {
  const [[t], [l], [c], [u]] = await Promise.all([
    db.select({ n: count() }).from(tests),
    db.select({ n: count() }).from(labs),
    db.select({ n: count() }).from(testCategories),
    db.select({ n: count() }).from(userRoles),
  ]);
  return { tests: t.n, labs: l.n, categories: c.n, users: u.n };
}
