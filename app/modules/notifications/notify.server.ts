import type { Executor } from "~/db/client.server";
import { enqueueJobs } from "~/modules/jobs/jobs.server";
import type { NotificationKind } from "~/modules/notifications/notification-kinds";
import { currentSiteUrl } from "~/utils/site-url.server";

export const SEND_NOTIFICATION_JOB = "send-notification";

/**
 * A message to render and send. It names what it is about, not its text: the job renders it
 * when it runs, from the database as it is then (a reminder for a booking cancelled meanwhile is
 * dropped), plus the facts of the change that only the moment of the change knows.
 */
export type NotificationPayload = {
  kind: NotificationKind;
  orderId?: string;
  bookingId?: string;
  /** booking_rescheduled: where and when the booking was before the move. */
  previous?: { scheduledDate: string; scheduledTime: string; labName: string | null };
  /** booking_cancelled: what was refunded and what was kept as the late-cancellation fee. */
  refund?: { amountFils: number; feeFils: number } | null;
  /** booking_reminder: the slot start it reminds of (dropped if the booking moved since). */
  slotStart?: string;
  /**
   * The site address the change was made on, for the links when neither SITE_URL nor the SEO
   * site URL is set (as better-auth's mails take theirs from the request that asks for them).
   */
  siteUrl?: string;
};

/**
 * Queues one message in the caller's transaction, so it exists exactly when the change does.
 * The dedupe key makes a repeated call for the same change a no-op: never two messages for one change.
 */
async function queueNotification(executor: Executor, payload: NotificationPayload, dedupeKey: string, runAt?: Date) {
  await enqueueJobs(executor, [notificationJob(payload, dedupeKey, runAt)]);
}

function notificationJob(payload: NotificationPayload, dedupeKey: string, runAt?: Date) {
  return { kind: SEND_NOTIFICATION_JOB, payload: { siteUrl: currentSiteUrl(), ...payload }, options: { dedupeKey, runAt, maxAttempts: 8 } };
}

/** A cash-on-delivery order was placed: its lines, totals in AED and the VAT included. */
export function notifyOrderReceived(executor: Executor, orderId: string) {
  return queueNotification(executor, { kind: "order_received", orderId }, `order_received:${orderId}`);
}

/** A card payment was confirmed. */
export function notifyPaymentReceived(executor: Executor, orderId: string) {
  return queueNotification(executor, { kind: "payment_received", orderId }, `payment_received:${orderId}`);
}

/** A booking was made (or confirmed): the confirmation with its calendar file. */
export function notifyBookingConfirmed(executor: Executor, bookingId: string) {
  return notifyBookingsConfirmed(executor, [bookingId]);
}

/** The confirmations of several bookings made at once (an order's), in one statement. */
export async function notifyBookingsConfirmed(executor: Executor, bookingIds: string[]) {
  await enqueueJobs(
    executor,
    bookingIds.map((bookingId) => notificationJob({ kind: "booking_confirmed", bookingId }, `booking_confirmed:${bookingId}`)),
  );
}

/**
 * A booking moved to another time or lab. `calendarSequence` is the booking's new
 * calendar_sequence (raised by the move), so each move sends exactly one message.
 */
export function notifyBookingRescheduled(
  executor: Executor,
  bookingId: string,
  calendarSequence: number,
  previous: NonNullable<NotificationPayload["previous"]>,
) {
  return queueNotification(
    executor,
    { kind: "booking_rescheduled", bookingId, previous },
    `booking_rescheduled:${bookingId}:${calendarSequence}`,
  );
}

/** A booking was cancelled (by its customer or an admin), with the refund and fee if any. */
export function notifyBookingCancelled(executor: Executor, bookingId: string, refund: NotificationPayload["refund"] = null) {
  return queueNotification(executor, { kind: "booking_cancelled", bookingId, refund }, `booking_cancelled:${bookingId}`);
}

/** A booking was completed: when its results will be ready. */
export function notifyBookingCompleted(executor: Executor, bookingId: string) {
  return queueNotification(executor, { kind: "booking_completed", bookingId }, `booking_completed:${bookingId}`);
}

/**
 * A booking's results were released (or a corrected version of them): a link to the patient's
 * results and no medical content. One message per released version.
 */
export function notifyResultsReady(executor: Executor, bookingId: string, versionId: string) {
  return queueNotification(executor, { kind: "results_ready", bookingId }, `results_ready:${versionId}`);
}

/**
 * The reminder 24 hours before a booking's slot (queued by the reminder sweep, outside any
 * request: `siteUrl` is the address the booking was made on, when known).
 */
export function notifyBookingReminder(executor: Executor, bookingId: string, slotStart: Date, siteUrl?: string) {
  return queueNotification(
    executor,
    { kind: "booking_reminder", bookingId, slotStart: slotStart.toISOString(), ...(siteUrl ? { siteUrl } : {}) },
    `booking_reminder:${bookingId}:${slotStart.toISOString()}`,
  );
}
