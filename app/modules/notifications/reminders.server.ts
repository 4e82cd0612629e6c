import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookings, jobs } from "~/db/schema";
import { notifyBookingReminder } from "~/modules/notifications/notify.server";
import { getNow } from "~/modules/slots/clock.server";

/** The recurring job that queues the reminders due. */
export const BOOKING_REMINDERS_JOB = "booking-reminders";
export const BOOKING_REMINDERS_EVERY_SECONDS = 60;

/** A booking is reminded this long before its slot. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * The reminder_queued_for of a booking made, or moved to `slotStart`, at `now`: a slot less
 * than 24 hours away counts as reminded already, since the confirmation (or the move's message)
 * going out now carries the preparation instructions; a reminder minutes after it would only
 * repeat them. Otherwise null: the sweep reminds it 24 hours before.
 */
export function reminderCoveredFor(slotStart: Date | null | undefined, now: Date = getNow()): Date | null {
  return slotStart && slotStart.getTime() - now.getTime() <= REMINDER_LEAD_MS ? slotStart : null;
}

/**
 * The reminder sweep: active bookings whose slot starts within the next 24 hours of the app's
 * clock and whose reminder was not queued for that slot get a booking_reminder queued and
 * reminder_queued_for set, in one transaction (rows locked, SKIP LOCKED: a booking being changed
 * waits for the next round). A moved booking is reminded again for its new slot; the message
 * job drops a reminder whose booking was cancelled or moved after it was queued. Returns how
 * many reminders were queued.
 */
export async function queueDueReminders(now: Date = getNow()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id, slotStart: bookings.slotStart, siteUrl: sql<string | null>`${jobs.payload}->>'siteUrl'` })
      .from(bookings)
      // The address the booking was made on, for the links (the sweep runs outside any request).
      .leftJoin(jobs, eq(jobs.dedupeKey, sql`'booking_confirmed:' || ${bookings.id}`))
      .where(
        and(
          // Written out so that the partial index bookings_active_slot_idx applies.
          sql`${bookings.status} in ('pending', 'confirmed')`,
          gt(bookings.slotStart, now),
          lte(bookings.slotStart, new Date(now.getTime() + REMINDER_LEAD_MS)),
          sql`${bookings.reminderQueuedFor} is distinct from ${bookings.slotStart}`,
        ),
      )
      .orderBy(bookings.slotStart)
      .limit(BATCH)
      .for("update", { of: bookings, skipLocked: true });
    for (const booking of due) await notifyBookingReminder(tx, booking.id, booking.slotStart!, booking.siteUrl ?? undefined);
    if (due.length > 0) {
      await tx
        .update(bookings)
        .set({ reminderQueuedFor: sql`${bookings.slotStart}` })
        .where(inArray(bookings.id, due.map((booking) => booking.id)));
    }
    return due.length;
  });
}
