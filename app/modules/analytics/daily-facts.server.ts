// The figures of the admin's analytics, per Asia/Dubai day (issue 31, decision 0074). One SQL
// statement computes them from the orders, bookings, refunds and status changes of a run of days:
// the roll-up job stores its rows in analytics_daily_facts, and the dashboard runs it live for the
// days not rolled up yet (today, or a day a late change made dirty).
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { dayStartUtc, nextDay } from "~/modules/analytics/days";

export type FactRow = { day: string; fact: string; key: string; n: number; fils: number };

/** The names of the figures (analytics_daily_facts.fact). */
export const FACTS = {
  /** key card: card orders paid that day; key cash: cash-on-delivery visits collected that day (n = orders). */
  revenue: "revenue",
  /** Money given back for sales, by refund reason (late payments never counted as sales are left out). */
  refunds: "refunds",
  /** Orders placed that day, by their current order status (fils: their totals). */
  orderStatus: "order_status",
  /** Bookings made that day, by their current status (fils: their value). */
  bookingStatus: "booking_status",
  /** Booking cancellations made that day, by who made them (customer, admin, lab, system). */
  cancelledBy: "cancelled_by",
  /** Bookings marked no-show that day. */
  noShow: "no_show",
  /** Bookings made that day and not cancelled, with their value, by lab, category and test. */
  lab: "lab",
  category: "category",
  test: "test",
  /** The funnel's last step: card orders paid (key card), and cash-on-delivery orders placed (key cash), that day. */
  funnelPaid: "funnel_paid",
  /** The VAT of the tax invoices issued that day (key invoiced) and of the credit notes (key credited). */
  vat: "vat",
} as const;

/** The figures the dashboard charts day by day; the others are only summed over a period. */
export const DAILY_FACTS: readonly string[] = [FACTS.revenue, FACTS.refunds, FACTS.funnelPaid];

/** Refund reasons that give back a payment that was never counted as a sale (decision 0011). */
const NOT_SALES_REFUNDS = sql`('late_payment', 'slot_unavailable')`;

function dubaiDay(column: SQL) {
  return sql`(${column} at time zone 'Asia/Dubai')::date`;
}

/** The figures of the days fromDay..toDay (yyyy-MM-dd, inclusive), computed from the tables. */
export function factsQuery(fromDay: string, toDay: string): SQL {
  const start = dayStartUtc(fromDay);
  const end = dayStartUtc(nextDay(toDay));
  const value = sql`coalesce(b.price_fils, 0) + coalesce(b.home_collection_fee_fils, 0)`;
  const bookingsMade = sql`bookings b where b.created_at >= ${start} and b.created_at < ${end}`;
  return sql`
    select day::text as day, fact, key, n::int as n, fils::bigint as fils from (
      select ${dubaiDay(sql`o.paid_at`)} as day, 'revenue' as fact, 'card' as key, count(*) as n, sum(o.total_amount_fils) as fils
        from orders o where o.paid_at >= ${start} and o.paid_at < ${end} and o.payment_method = 'stripe' group by 1
      union all
      select b.scheduled_date, 'revenue', 'cash', count(distinct b.order_id), sum(${value})
        from bookings b join orders o on o.id = b.order_id
        where b.scheduled_date >= ${fromDay}::date and b.scheduled_date <= ${toDay}::date
          and o.payment_method = 'cash_on_delivery' and b.status in ('sample_collected', 'completed')
        group by 1
      union all
      select ${dubaiDay(sql`r.created_at`)}, 'refunds', r.reason, count(*), sum(r.amount_fils)
        from payment_refunds r where r.created_at >= ${start} and r.created_at < ${end} and r.reason not in ${NOT_SALES_REFUNDS}
        group by 1, 3
      union all
      select ${dubaiDay(sql`o.created_at`)}, 'order_status', o.order_status, count(*), sum(o.total_amount_fils)
        from orders o where o.created_at >= ${start} and o.created_at < ${end} group by 1, 3
      union all
      select ${dubaiDay(sql`o.created_at`)}, 'funnel_paid', 'cash', count(*), sum(o.total_amount_fils)
        from orders o where o.created_at >= ${start} and o.created_at < ${end} and o.payment_method = 'cash_on_delivery' group by 1
      union all
      select ${dubaiDay(sql`o.paid_at`)}, 'funnel_paid', 'card', count(*), sum(o.total_amount_fils)
        from orders o where o.paid_at >= ${start} and o.paid_at < ${end} and o.payment_method = 'stripe' group by 1
      union all
      select ${dubaiDay(sql`b.created_at`)}, 'booking_status', b.status, count(*), sum(${value}) from ${bookingsMade} group by 1, 3
      union all
      select ${dubaiDay(sql`b.created_at`)}, 'lab', coalesce(b.lab_id::text, 'none'), count(*), sum(${value})
        from ${bookingsMade} and b.status <> 'cancelled' group by 1, 3
      union all
      select ${dubaiDay(sql`b.created_at`)}, 'category', coalesce(t.category_id::text, 'none'), count(*), sum(${value})
        from bookings b left join tests t on t.id = b.test_id
        where b.created_at >= ${start} and b.created_at < ${end} and b.status <> 'cancelled' group by 1, 3
      union all
      select ${dubaiDay(sql`b.created_at`)}, 'test', coalesce(b.test_id::text, 'none'), count(*), sum(${value})
        from ${bookingsMade} and b.status <> 'cancelled' group by 1, 3
      union all
      select ${dubaiDay(sql`sc.created_at`)}, case when sc.to_status = 'no_show' then 'no_show' else 'cancelled_by' end,
          case when sc.to_status = 'no_show' then 'all' else sc.actor_kind end, count(*), 0
        from status_changes sc
        where sc.created_at >= ${start} and sc.created_at < ${end} and sc.subject = 'booking' and sc.field = 'status'
          and sc.to_status in ('cancelled', 'no_show')
        group by 1, 2, 3
      union all
      select ${dubaiDay(sql`i.issued_at`)}, 'vat', 'invoiced', count(*), sum(i.vat_fils)
        from invoices i where i.issued_at >= ${start} and i.issued_at < ${end} group by 1
      union all
      select ${dubaiDay(sql`c.issued_at`)}, 'vat', 'credited', count(*), sum(c.vat_fils)
        from credit_notes c where c.issued_at >= ${start} and c.issued_at < ${end} group by 1
    ) facts`;
}

/** The figures of fromDay..toDay computed now from the tables (no roll-up). */
export async function liveFacts(executor: Executor, fromDay: string, toDay: string): Promise<FactRow[]> {
  const result = await executor.execute<FactRow>(factsQuery(fromDay, toDay));
  return result.rows.map((row) => ({ ...row, n: Number(row.n), fils: Number(row.fils) }));
}
