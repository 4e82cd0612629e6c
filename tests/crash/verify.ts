// What the crash test reads from the database itself: the acknowledged purchases, partial orders,
// slot counts and the job outbox.
import { sql } from "drizzle-orm";
import type { DatabaseConnection } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { webhookSettings } from "~/db/schema";
import type { Attempt, Offer } from "./customer";

type OkOrder = Extract<Attempt, { kind: "order"; outcome: "ok" }>;
type OkBooking = Extract<Attempt, { kind: "booking"; outcome: "ok" }>;

/** Migrations, and a webhook receiver subscribed to booking_created (its deliveries are jobs). */
export async function prepareDatabase(connection: DatabaseConnection, databaseUrl: string | undefined, webhookUrl: string) {
  await runMigrations(connection, databaseUrl);
  await connection.db.insert(webhookSettings).values({ name: "Crash test receiver", url: webhookUrl, events: ["booking_created"] });
}

/** Tests that a lab with published hours offers for walk-in collection. */
export async function walkInOffers(connection: DatabaseConnection): Promise<Offer[]> {
  const result = await connection.db.execute<{ test_id: string; lab_id: string }>(sql`
    select o.test_id, o.lab_id from lab_offers o join labs l on l.id = o.lab_id join tests t on t.id = o.test_id
    where o.is_active and o.walk_in and l.is_active and l.opening_hours is not null and l.walk_in_capacity > 0
      -- A test asking for a doctor's referral (issue 26) is refused without one: the customers book the others.
      and t.referral_requirement = 'none'
    order by o.test_id, o.lab_id`);
  return result.rows.map((row) => ({ testId: row.test_id, labId: row.lab_id }));
}

export async function customerCount(connection: DatabaseConnection, emails: string[]) {
  const result = await connection.db.execute<{ n: number }>(sql`
    select count(*)::int as n from "user" where email = any(${sql.param(emails)}::text[])`);
  return Number(result.rows[0].n);
}

export type Findings = {
  orders: number;
  bookings: number;
  /** Acknowledged orders that are missing or differ from what was bought (lines, bookings). */
  lostOrders: string[];
  /** Acknowledged Book Test bookings that are missing or differ. */
  lostBookings: string[];
  /** Orders without lines, or cash-on-delivery orders without one booking per test line. */
  partialOrders: string[];
  /** Slots whose held count differs from their active bookings (a hold without its booking, or the reverse). */
  slotMismatches: number;
  /** The test's bookings (the demo seed's have none) without a queued booking_created delivery. */
  bookingsWithoutEvent: number;
  /** Delivery jobs not done yet: by booking, and whether a (dead) worker's lease still holds them. */
  pendingDeliveries: { jobId: string; bookingId: string | null; leased: boolean }[];
  /** Jobs of any kind not done yet (the recurring sweeps left out), and jobs given up on. */
  pendingJobs: number;
  deadJobs: number;
};

/** Reads the database as the crash left it (or as it is at the end) and checks every acknowledged purchase. */
export async function inspect(connection: DatabaseConnection, acknowledged: Attempt[], now: Date): Promise<Findings> {
  const { db } = connection;
  const okOrders = acknowledged.filter((attempt): attempt is OkOrder => attempt.kind === "order" && attempt.outcome === "ok");
  const okBookings = acknowledged.filter((attempt): attempt is OkBooking => attempt.kind === "booking" && attempt.outcome === "ok");

  const counts = await db.execute<{ orders: number; bookings: number }>(sql`
    select (select count(*) from orders)::int as orders, (select count(*) from bookings)::int as bookings`);

  const found = await db.execute<{ id: string; notes: string | null; test_ids: string[] | null; booked_test_ids: string[] | null }>(sql`
    select o.id, o.notes,
      (select array_agg(i.test_id::text order by i.test_id) from order_items i where i.order_id = o.id and i.kind = 'test') as test_ids,
      (select array_agg(b.test_id::text order by b.test_id) from bookings b where b.order_id = o.id) as booked_test_ids
    from orders o where o.id = any(${sql.param(okOrders.map((order) => order.orderId))}::uuid[])`);
  const ordersById = new Map(found.rows.map((row) => [row.id, row]));
  const lostOrders = okOrders
    .filter((order) => {
      const row = ordersById.get(order.orderId);
      const bought = [...order.testIds].sort().join(",");
      return !row || row.notes !== order.key || (row.test_ids ?? []).join(",") !== bought || (row.booked_test_ids ?? []).join(",") !== bought;
    })
    .map((order) => `${order.key} (order ${order.orderId})`);

  const booked = await db.execute<{ notes: string; test_id: string; lab_id: string; scheduled_date: string; scheduled_time: string }>(sql`
    select notes, test_id::text as test_id, lab_id::text as lab_id, scheduled_date::text as scheduled_date, scheduled_time
    from bookings where notes = any(${sql.param(okBookings.map((booking) => booking.key))}::text[])`);
  const bookingsByKey = new Map(booked.rows.map((row) => [row.notes, row]));
  const lostBookings = okBookings
    .filter((booking) => {
      const row = bookingsByKey.get(booking.key);
      return !row || row.test_id !== booking.testId || row.lab_id !== booking.labId || row.scheduled_date !== booking.date || row.scheduled_time !== booking.time;
    })
    .map((booking) => booking.key);

  const partial = await db.execute<{ id: string }>(sql`
    select o.id from orders o
    where not exists (select 1 from order_items i where i.order_id = o.id)
      or (o.payment_method = 'cash_on_delivery'
        and (select count(*) from bookings b where b.order_id = o.id)
          <> (select count(*) from order_items i where i.order_id = o.id and i.kind = 'test'))`);

  const slots = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from slot_counts s
    where s.taken <> (select count(*) from bookings b
      where b.lab_id = s.lab_id and b.collection_type = s.collection_type and b.slot_start = s.slot_start
        and b.status in ('pending', 'confirmed'))`);

  const withoutEvent = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from bookings b where b.notes like 'crash:%' and not exists (
      select 1 from jobs j where j.kind = 'deliver-webhook'
        and j.payload->'envelope'->>'type' = 'booking_created'
        and j.payload->'envelope'->'data'->'booking'->>'id' = b.id::text)`);

  const pending = await db.execute<{ id: string; booking_id: string | null; leased: boolean }>(sql`
    select id::text as id, payload->'envelope'->'data'->'booking'->>'id' as booking_id,
      coalesce(locked_until > ${now.toISOString()}::timestamptz, false) as leased
    from jobs where kind = 'deliver-webhook' and done_at is null and dead_at is null`);

  const dead = await db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where dead_at is not null`);

  return {
    orders: Number(counts.rows[0].orders),
    bookings: Number(counts.rows[0].bookings),
    lostOrders,
    lostBookings,
    partialOrders: partial.rows.map((row) => row.id),
    slotMismatches: Number(slots.rows[0].n),
    bookingsWithoutEvent: Number(withoutEvent.rows[0].n),
    pendingDeliveries: pending.rows.map((row) => ({ jobId: row.id, bookingId: row.booking_id, leased: row.leased })),
    pendingJobs: await pendingJobCount(connection),
    deadJobs: Number(dead.rows[0].n),
  };
}

/** Jobs neither done nor given up on, the recurring sweeps aside (they are always pending). */
export async function pendingJobCount(connection: DatabaseConnection) {
  const result = await connection.db.execute<{ n: number }>(sql`
    select count(*)::int as n from jobs
    where done_at is null and dead_at is null and (dedupe_key is null or dedupe_key not like 'recurring:%')`);
  return Number(result.rows[0].n);
}

/** Every booking the crash test made (the final check: each one's booking_created delivery arrived). */
export async function crashTestBookingIds(connection: DatabaseConnection): Promise<string[]> {
  const result = await connection.db.execute<{ id: string }>(sql`select id::text as id from bookings where notes like 'crash:%'`);
  return result.rows.map((row) => row.id);
}
