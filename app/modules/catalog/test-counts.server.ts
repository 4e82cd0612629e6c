import { eq, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema";

/**
 * Counting a large list costs milliseconds on every page view (8 ms for 100,000 tests), so large
 * counts are kept for a short while in this process. Only the pagination's page count depends on
 * them, and it may lag behind an admin's change by at most CACHE_MS; small lists (where counting
 * is cheap) are always counted exactly.
 */
const CACHE_MS = 30_000;
const CACHE_FROM = 2_000;
const cache = new Map<string, { count: number; until: number }>();

/** How many tests there are, in one category or in all (categoryId null). */
export async function countTests(categoryId: string | null): Promise<number> {
  const key = categoryId ?? "*";
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.count;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tests)
    .where(categoryId ? eq(tests.categoryId, categoryId) : undefined);
  if (row.n >= CACHE_FROM) cache.set(key, { count: row.n, until: Date.now() + CACHE_MS });
  else cache.delete(key);
  return row.n;
}
