// Admin analytics (issue 31, decision 0074): daily roll-ups of the sales figures, kept by a job and
// re-rolled when late changes arrive, and the funnel's first-party aggregate counters. No user id,
// address or session anywhere here: only days, names of figures and numbers.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One figure of one Asia/Dubai day: `fact` names what is counted (revenue, refunds, order_status,
 * booking_status, cancelled_by, no_show, lab, category, test, funnel_paid), `key` the group within
 * it (a status, an actor, a lab/category/test id, or "all"); `n` a count, `fils` an amount.
 */
export const analyticsDailyFacts = pgTable(
  "analytics_daily_facts",
  {
    day: date("day", { mode: "string" }).notNull(),
    fact: text("fact").notNull(),
    key: text("key").notNull(),
    n: integer("n").notNull().default(0),
    fils: bigint("fils", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "analytics_daily_facts_pkey", columns: [t.day, t.fact, t.key] }),
    // The charted figures (a few per day) of a long range, without walking every day's rows.
    index("analytics_daily_facts_fact_day_idx").on(t.fact, t.day),
  ],
);

/**
 * A finished month's sums of the figures that are not charted day by day (decision 0077): a long
 * period reads twelve of these a year instead of every day's rows. Valid while the month is listed
 * in analytics_rolled_months; a late change to one of its days unlists it.
 */
export const analyticsMonthlyFacts = pgTable(
  "analytics_monthly_facts",
  {
    month: date("month", { mode: "string" }).notNull(),
    fact: text("fact").notNull(),
    key: text("key").notNull(),
    n: integer("n").notNull().default(0),
    fils: bigint("fils", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ name: "analytics_monthly_facts_pkey", columns: [t.month, t.fact, t.key] })],
);

/** The months (their first day) whose sums in analytics_monthly_facts match their rolled days. */
export const analyticsRolledMonths = pgTable("analytics_rolled_months", {
  month: date("month", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** The days whose facts are rolled up (a day missing here is computed from the tables). */
export const analyticsRolledDays = pgTable("analytics_rolled_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** The roll-up job's watermark: changes (status changes, refunds) after it have not been looked at. */
export const analyticsRollupState = pgTable(
  "analytics_rollup_state",
  {
    id: integer("id").primaryKey().default(1),
    changesSeenUntil: timestamp("changes_seen_until", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [check("analytics_rollup_state_single_row", sql`${t.id} = 1`)],
);

export const funnelSteps = ["product_view", "add_to_cart", "checkout_started"] as const;
export type FunnelStep = (typeof funnelSteps)[number];

/** The funnel's counters per day and step (the "paid" step comes from the orders, funnel_paid). */
export const analyticsFunnelCounts = pgTable(
  "analytics_funnel_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    step: text("step", { enum: funnelSteps }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "analytics_funnel_counts_pkey", columns: [t.day, t.step] }),
    check("analytics_funnel_counts_step_check", sql`${t.step} in ('product_view', 'add_to_cart', 'checkout_started')`),
  ],
);
