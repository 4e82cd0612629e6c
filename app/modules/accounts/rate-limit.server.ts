import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";

type Window = { limit: number; windowSeconds: number };

/** Seconds until `key` may try again, or 0 if it is under its limit. Shared by all processes. */
export async function secondsUntilAllowed(key: string, { limit }: Window): Promise<number> {
  const result = await db.execute<{ wait: number }>(sql`
    select greatest(0, ceil(extract(epoch from reset_at - now())))::int as wait
    from rate_limits where key = ${key} and count >= ${limit} and reset_at > now()`);
  return Number(result.rows[0]?.wait ?? 0);
}

/** Counts one attempt against `key` in a fixed window. */
export async function recordAttempt(key: string, { windowSeconds }: Window) {
  await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`);
}
