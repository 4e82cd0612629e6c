// Two years of sales for the analytics bench (issue 31, decision 0077): `orders` orders and
// `bookings` bookings (default 300,000 and 1,000,000) spread over the 730 days before now, written
// by a few set-based INSERT ... SELECT FROM generate_series statements (no row goes through Node).
// Used by scripts/generate-catalog.ts --sales. Deterministic: the same counts give the same rows.
// Card orders (2 in 3) are paid; about 4 % of bookings are cancelled (by the customer, the lab or an
// admin, each with its status change, and a refund when paid by card), 1 % are no-shows; bookings
// still ahead are pending or confirmed (cash ones are the "cash outstanding").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

export async function generateSales(db: Database, { orders = 300_000, bookings = 1_000_000 } = {}) {
  const started = Date.now();
  const log = (text: string) => console.log(`  ${text} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const [{ present }] = (await db.execute<{ present: number }>(sql`select count(*)::int as present from orders where customer_email = 'bench-sales@example.com'`)).rows;
  if (present > 0) {
    console.log(`${present} generated orders present already: sales left as they are`);
    return;
  }
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified) values ('bench-sales-customer', 'Bench Customer', 'bench-sales@example.com', true)
    on conflict do nothing`);
  // The offers sold: a fixed sample of the catalogue's offers, numbered 0..n-1.
  await db.execute(sql`drop table if exists bench_sold_offers`);
  await db.execute(sql`
    create unlogged table bench_sold_offers as
    select (row_number() over (order by test_id, lab_id) - 1)::int as k, test_id, lab_id, price_fils
    from (select test_id, lab_id, price_fils from lab_offers order by md5(test_id::text || lab_id::text) limit 20000) o`);
  const [{ offers }] = (await db.execute<{ offers: number }>(sql`select count(*)::int as offers from bench_sold_offers`)).rows;
  if (offers === 0) throw new Error("No lab offers: generate the catalogue first");
  log(`${offers} offers sampled`);

  // Orders: created over 730 days; a card order paid within the hour, a few left unpaid and closed.
  await db.execute(sql`
    insert into orders (id, user_id, total_amount_fils, payment_method, payment_status, order_status, customer_name, customer_email,
      paid_at, created_at, updated_at)
    select md5('bench-order-' || g)::uuid, 'bench-sales-customer', 0,
      case when g % 3 = 0 then 'cash_on_delivery' else 'stripe' end,
      case when g % 3 = 0 then 'pending' when g % 50 = 1 then 'pending' else 'paid' end,
      case when g % 3 = 0 then 'pending' when g % 50 = 1 then 'expired' else 'confirmed' end,
      'Bench Customer', 'bench-sales@example.com',
      case when g % 3 <> 0 and g % 50 <> 1 then t + interval '20 minutes' end, t, t
    from generate_series(1, ${orders}::int) g,
      lateral (select now() - ((g::bigint * 7919) % (730 * 1440)) * interval '1 minute' as t) created`);
  log(`${orders} orders`);

  // Bookings: booking b belongs to order (b % orders) + 1, made with it, for a visit 1-14 days later.
  await db.execute(sql`
    insert into bookings (id, test_id, user_id, lab_id, order_id, scheduled_date, scheduled_time, patient_name, patient_email,
      status, collection_type, price_fils, home_collection_fee_fils, created_at, updated_at)
    select md5('bench-booking-' || b)::uuid, s.test_id, 'bench-sales-customer', s.lab_id, o.id,
      ((o.created_at at time zone 'Asia/Dubai')::date + (1 + b % 14)), '09:00', 'Bench Patient', 'bench-sales@example.com',
      case
        when b % 25 = 7 then 'cancelled'
        when b % 100 = 11 then 'no_show'
        when (o.created_at at time zone 'Asia/Dubai')::date + (1 + b % 14) >= (now() at time zone 'Asia/Dubai')::date
          then case when b % 2 = 0 then 'pending' else 'confirmed' end
        when b % 3 = 0 then 'sample_collected'
        else 'completed'
      end,
      case when b % 5 = 0 then 'home' else 'walk_in' end,
      s.price_fils, case when b % 5 = 0 then 5000 else 0 end, o.created_at, o.created_at
    from generate_series(1, ${bookings}::int) b
      join orders o on o.id = md5('bench-order-' || ((b % ${orders}) + 1))::uuid
      join bench_sold_offers s on s.k = (b * 31) % ${offers}`);
  log(`${bookings} bookings`);

  await db.execute(sql`
    update orders o set total_amount_fils = t.total
    from (select order_id, sum(price_fils + home_collection_fee_fils) as total from bookings
          where patient_email = 'bench-sales@example.com' group by order_id) t
    where o.id = t.order_id`);
  log("order totals");

  // Each creation and each cancellation or no-show has its status change, as the lifecycle writes them.
  await db.execute(sql`
    insert into status_changes (subject, subject_id, field, from_status, to_status, actor_kind, actor_id, reason, created_at)
    select 'order', o.id, 'order_status', null, o.order_status, 'customer', null, 'create', o.created_at
    from orders o where o.customer_email = 'bench-sales@example.com'`);
  await db.execute(sql`
    insert into status_changes (subject, subject_id, field, from_status, to_status, actor_kind, actor_id, reason, created_at)
    select 'booking', b.id, 'status', 'pending', b.status,
      case when b.status = 'no_show' then 'lab' else (array['customer', 'customer', 'lab', 'admin'])[1 + (abs(hashtext(b.id::text)) % 4)] end,
      null, 'bench', least(now(), b.created_at + interval '1 day')
    from bookings b where b.patient_email = 'bench-sales@example.com' and b.status in ('cancelled', 'no_show')`);
  await db.execute(sql`
    insert into payment_refunds (order_id, booking_id, amount_fils, reason, status, idempotency_key, created_at, updated_at)
    select b.order_id, b.id, b.price_fils + b.home_collection_fee_fils,
      case when b.status = 'no_show' then 'no_show' else 'booking_cancelled' end, 'succeeded', 'bench-refund-' || b.id,
      least(now(), b.created_at + interval '1 day'), least(now(), b.created_at + interval '1 day')
    from bookings b join orders o on o.id = b.order_id
    where b.patient_email = 'bench-sales@example.com' and b.status in ('cancelled', 'no_show') and o.payment_status = 'paid'`);
  log("status changes and refunds");
  await db.execute(sql`drop table bench_sold_offers`);
  for (const table of ["orders", "bookings", "status_changes", "payment_refunds"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  log("vacuum analyze");
}
