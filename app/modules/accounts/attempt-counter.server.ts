// Counts attempts against keys in the rate_limits table, shared by every process. What is
// counted, and how many attempts each key allows, is decided by the callers: sign-in.server.ts
// (sign-in and sign-up limits) and password-reset.server.ts (reset requests).
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { rateLimits } from "~/db/schema";

/** At most `limit` attempts counted against `key` in a fixed window of `windowSeconds`. */
export type Limit = { key: string; limit: number; windowSeconds: number };

async function count(key: string, windowSeconds: number) {
  const result = await db.execute<{ count: number; wait: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, greatest(0, ceil(extract(epoch from reset_at - now())))::int as wait`);
  const row = result.rows[0];
  return { count: Number(row.count), wait: Number(row.wait) };
}

/**
 * Counts one attempt against every limit before the attempt is made, so that parallel attempts
 * cannot all slip under a limit. The limits are taken in order and the first one exceeded stops
 * the count: the attempt is refused, and what it counted is given back, so a refused attempt
 * never uses up a later (wider) limit. Returns the seconds to wait when refused, else 0. Shared
 * by all processes.
 */
export async function takeAttempt(limits: Limit[]): Promise<number> {
  for (const [index, limit] of limits.entries()) {
    const counted = await count(limit.key, limit.windowSeconds);
    if (counted.count > limit.limit) {
      await giveBackAttempt(limits.slice(0, index + 1));
      return Math.max(1, counted.wait);
    }
  }
  return 0;
}

/** Takes back an attempt counted by takeAttempt, e.g. because it succeeded. */
export async function giveBackAttempt(limits: Limit[]) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(
      inArray(
        rateLimits.key,
        limits.map((limit) => limit.key),
      ),
    );
}

/** Forgets every attempt counted against `key`. */
export async function clearAttempts(key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
