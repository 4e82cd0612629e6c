import { aliasedTable, and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, jobs, labs, orders, paymentRefunds, sentMessages, statusChanges, tests, user, webhookLogs, webhookSettings } from "~/db/schema";
import { overdueFlag } from "~/modules/booking/admin-bookings.server";
import { patientAgeOnBooking } from "~/modules/booking/patient-age";
import type { TimelineActor, TimelineEntry } from "~/modules/booking/booking-timeline";
import { SEND_NOTIFICATION_JOB } from "~/modules/notifications/notify.server";
import { cashDueOf } from "~/modules/invoices/order-due.server";
import type { ActorKind } from "~/modules/lifecycle/order-status";
import { getNow } from "~/modules/slots/clock.server";

/** What the admin's booking page shows of a booking: patient, test, lab, visit, price, order and payment. */
async function bookingDetails(bookingId: string, now: Date) {
  const [booking] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      patientName: bookings.patientName,
      patientEmail: bookings.patientEmail,
      patientPhone: bookings.patientPhone,
      patientDateOfBirth: bookings.patientDateOfBirth,
      patientSex: bookings.patientSex,
      referralDoctorName: bookings.referralDoctorName,
      hasReferralFile: sql<boolean>`${bookings.referralFileId} is not null`,
      notes: bookings.notes,
      scheduledDate: bookings.scheduledDate,
      scheduledTime: bookings.scheduledTime,
      slotStart: bookings.slotStart,
      collectionType: bookings.collectionType,
      homeAddress: bookings.homeAddress,
      homeArea: bookings.homeArea,
      priceFils: bookings.priceFils,
      homeCollectionFeeFils: bookings.homeCollectionFeeFils,
      cancellationFeeFils: bookings.cancellationFeeFils,
      createdAt: bookings.createdAt,
      overdue: overdueFlag(now),
      testName: tests.name,
      testSlug: tests.slug,
      testPriceFils: tests.priceFils,
      labName: labs.name,
      labAddress: labs.address,
      orderId: orders.id,
      orderTotalFils: orders.totalAmountFils,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
      paidAt: orders.paidAt,
      customerEmail: orders.customerEmail,
    })
    .from(bookings)
    .leftJoin(tests, eq(tests.id, bookings.testId))
    .leftJoin(labs, eq(labs.id, bookings.labId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(eq(bookings.id, bookingId));
  if (!booking) return null;
  // What is left to collect on an open cash-on-delivery order: its lines less its cancelled bookings (decision 0079).
  const cashOpen = booking.orderId && booking.paymentMethod === "cash_on_delivery" && booking.paymentStatus === "pending" && booking.orderStatus === "pending";
  const cashDueFils = cashOpen ? await cashDueOf(db, booking.orderId!) : null;
  // The age on the booking's day in Asia/Dubai, as the lab reads it (issue 26).
  return { ...booking, cashDueFils, patientAge: patientAgeOnBooking(booking) };
}

/** Refunds of this booking, and those of its whole order (a late payment's), not its sibling bookings'. */
function refundsOf(bookingId: string, orderId: string | null) {
  return db
    .select({
      id: paymentRefunds.id,
      amountFils: paymentRefunds.amountFils,
      reason: paymentRefunds.reason,
      status: paymentRefunds.status,
      lastError: paymentRefunds.lastError,
      bookingId: paymentRefunds.bookingId,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .where(
      or(
        eq(paymentRefunds.bookingId, bookingId),
        orderId ? and(eq(paymentRefunds.orderId, orderId), isNull(paymentRefunds.bookingId)) : undefined,
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}

const actorOf = (kind: ActorKind, person: { email: string | null; name: string | null }): TimelineActor => ({
  kind,
  email: person.email,
  name: person.name,
});

/**
 * The lifecycle audit rows of the booking (created, each status change, reschedules) and the
 * payment changes of its order (paid, refunded), with the customer or admin who made each.
 */
async function lifecycleEntries(bookingId: string, orderId: string | null): Promise<TimelineEntry[]> {
  const ofOrder: SQL | undefined = orderId
    ? and(eq(statusChanges.subject, "order"), eq(statusChanges.subjectId, orderId), eq(statusChanges.field, "payment_status"), isNotNull(statusChanges.fromStatus))
    : undefined;
  const rows = await db
    .select({
      id: statusChanges.id,
      at: statusChanges.createdAt,
      subject: statusChanges.subject,
      field: statusChanges.field,
      from: statusChanges.fromStatus,
      to: statusChanges.toStatus,
      reason: statusChanges.reason,
      actorKind: statusChanges.actorKind,
      email: user.email,
      name: user.name,
    })
    .from(statusChanges)
    .leftJoin(user, eq(user.id, statusChanges.actorId))
    .where(and(inArray(statusChanges.subjectId, orderId ? [bookingId, orderId] : [bookingId]), or(and(eq(statusChanges.subject, "booking"), eq(statusChanges.subjectId, bookingId)), ofOrder)))
    .orderBy(asc(statusChanges.createdAt));
  return rows.map((row) => ({
    type: "change",
    id: row.id,
    at: row.at,
    subject: row.subject,
    field: row.field,
    from: row.from,
    to: row.to,
    reason: row.reason,
    actor: actorOf(row.actorKind, row),
  }));
}

/**
 * The e-mails about the booking, and those about its order as a whole (order received, payment
 * received). A message resent by an admin names them (the resend job's `resentBy`).
 */
async function messageEntries(bookingId: string, orderId: string | null): Promise<TimelineEntry[]> {
  const resender = aliasedTable(user, "resender");
  const rows = await db
    .select({
      id: sentMessages.id,
      at: sentMessages.createdAt,
      kind: sentMessages.kind,
      to: sentMessages.to,
      subject: sentMessages.subject,
      transport: sentMessages.transport,
      resendable: sql<boolean>`(${jobs.id} is not null)`.mapWith(Boolean),
      email: resender.email,
      name: resender.name,
    })
    .from(sentMessages)
    .leftJoin(jobs, and(eq(jobs.id, sentMessages.jobId), eq(jobs.kind, SEND_NOTIFICATION_JOB)))
    .leftJoin(resender, eq(resender.id, sql`${jobs.payload} ->> 'resentBy'`))
    .where(
      or(
        eq(sentMessages.bookingId, bookingId),
        orderId ? and(eq(sentMessages.orderId, orderId), isNull(sentMessages.bookingId)) : undefined,
      ),
    )
    .orderBy(asc(sentMessages.createdAt));
  return rows.map(({ email, name, ...row }) => ({
    type: "message",
    ...row,
    actor: email !== null ? actorOf("admin", { email, name }) : actorOf("system", { email: null, name: null }),
  }));
}

/**
 * The booking's webhook deliveries, one entry per event and receiver however often it was tried
 * (retries and redeliveries post the same envelope id): when it was first tried, how many attempts,
 * and the last attempt's result, whose log row a redelivery starts from. A receiver that keeps
 * failing adds to a count, not to the page's length.
 */
async function webhookEntries(bookingId: string): Promise<TimelineEntry[]> {
  const result = await db.execute<{
    id: string;
    first_at: string | Date;
    last_at: string | Date;
    attempts: string | number;
    event_type: string;
    status: "success" | "failed";
    response_code: number | null;
    error: string | null;
    webhook_name: string | null;
    redeliverable: boolean;
  }>(sql`
    select * from (
      select distinct on (attempt.delivery)
        attempt.id, attempt.event_type, attempt.status, attempt.response_code, attempt.error,
        attempt.webhook_name, attempt.redeliverable, attempt.created_at as last_at,
        min(attempt.created_at) over (partition by attempt.delivery) as first_at,
        count(*) over (partition by attempt.delivery) as attempts
      from (
        select ${webhookLogs.id} as id, ${webhookLogs.eventType} as event_type, ${webhookLogs.status} as status,
          ${webhookLogs.responseCode} as response_code, ${webhookLogs.error} as error, ${webhookLogs.createdAt} as created_at,
          ${webhookSettings.name} as webhook_name,
          (${webhookLogs.payload} is not null and ${webhookSettings.id} is not null) as redeliverable,
          coalesce(${webhookLogs.webhookId}::text, '') || '/' || coalesce(${webhookLogs.payload}->>'id', ${webhookLogs.id}::text) as delivery
        from ${webhookLogs}
        left join ${webhookSettings} on ${webhookSettings.id} = ${webhookLogs.webhookId}
        where ${webhookLogs.bookingId} = ${bookingId}
      ) attempt
      order by attempt.delivery, attempt.created_at desc, attempt.id desc
    ) delivery
    order by first_at, webhook_name, delivery`);
  return result.rows.map((row) => ({
    type: "webhook",
    id: row.id,
    at: new Date(row.first_at),
    lastAt: new Date(row.last_at),
    attempts: Number(row.attempts),
    eventType: row.event_type,
    status: row.status,
    responseCode: row.response_code,
    error: row.error,
    webhookName: row.webhook_name,
    redeliverable: Boolean(row.redeliverable),
    actor: actorOf("system", { email: null, name: null }),
  }));
}

/** Same moment (one transaction): the creation, then other changes, then what they caused. */
const rank = (entry: TimelineEntry) => (entry.type === "change" ? (entry.from === null ? 0 : 1) : entry.type === "message" ? 2 : 3);

/** The booking's timeline, oldest first: one query per source, merged here. */
export async function bookingTimeline(bookingId: string, orderId: string | null): Promise<TimelineEntry[]> {
  const [changes, messages, deliveries] = await Promise.all([
    lifecycleEntries(bookingId, orderId),
    messageEntries(bookingId, orderId),
    webhookEntries(bookingId),
  ]);
  // Each source comes in its database order (microseconds); JavaScript dates keep milliseconds,
  // so entries of one source within the same millisecond keep that order (the sort is stable).
  return [...changes, ...messages, ...deliveries].sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a) - rank(b));
}

/** The admin's booking page: the booking with its order and payment, refunds and timeline; null for an unknown id. */
export async function bookingForAdmin(bookingId: string, now: Date = getNow()) {
  const booking = await bookingDetails(bookingId, now);
  if (!booking) return null;
  const [refunds, timeline] = await Promise.all([refundsOf(booking.id, booking.orderId), bookingTimeline(booking.id, booking.orderId)]);
  return { booking, refunds, timeline };
}
